import { E_WALLET_WAYS } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';

/** Where a bank withdrawal goes, as the request names it. */
export interface BankPayoutRequest {
  bankName?: string | undefined;
  bankCard?: string | undefined;
  bankCardId?: number | undefined;
}

/** The payout kept with the order: masked card for views, full number for the payer. */
export interface BankPayout extends Record<string, string> {
  bankName: string;
  bankCard: string;
  bankCardFull: string;
}

/**
 * The bank payout of a withdrawal request: a bound card by `bankCardId` (read from the
 * member's own cards, so another member's id is withdrawCardNotFound), or the typed
 * `bankName` and `bankCard`. Exactly one of the two ways, else withdrawCardRequired.
 *
 * @example await bankPayoutOf(tx, 7, { bankCardId: 12 }) // { bankName: 'ICBC', bankCard: '****1234', bankCardFull: '6222…1234', bankCardId: '12' }
 */
export async function bankPayoutOf(q: Queryable, memberId: number, request: BankPayoutRequest): Promise<BankPayout> {
  const typed = request.bankName !== undefined || request.bankCard !== undefined;
  if (request.bankCardId !== undefined) {
    if (typed) throw new BusinessError('withdrawCardRequired', 'bankCardId: give a bound card id, or bankName and bankCard, not both');
    const { rows } = await q.query<{ bank_name: string; card_no: string }>(
      'SELECT bank_name, card_no FROM member_bank_cards WHERE id = $1 AND member_id = $2',
      [request.bankCardId, memberId],
    );
    const card = rows[0];
    if (!card) throw new BusinessError('withdrawCardNotFound', `bankCardId: no bound card ${request.bankCardId} of yours`);
    return { bankName: card.bank_name, bankCard: `****${card.card_no.slice(-4)}`, bankCardFull: card.card_no, bankCardId: String(request.bankCardId) };
  }
  if (request.bankName === undefined || request.bankCard === undefined) {
    throw new BusinessError('withdrawCardRequired', 'bankCardId, or bankName and bankCard: where the money goes is missing');
  }
  return { bankName: request.bankName, bankCard: `****${request.bankCard.slice(-4)}`, bankCardFull: request.bankCard };
}

/** The payout kept with an e-wallet order: the wallet's name, account and the bound address id. */
export interface EWalletPayout extends Record<string, string> {
  eWallet: string;
  address: string;
  addressId: string;
}

/**
 * The e-wallet payout of a withdrawal: one of the member's own bound EbPay (3) or KoiPay
 * (4) addresses by id, with its withdraw type (3 or 4); another member's, an unknown or a
 * USDT address id is withdrawAddressNotFound.
 *
 * @example await eWalletPayoutOf(tx, 7, 21) // { withdrawType: 3, payout: { eWallet: 'EbPay', address: 'eb_alice01', addressId: '21' } }
 */
export async function eWalletPayoutOf(q: Queryable, memberId: number, addressId: number): Promise<{ withdrawType: number; payout: EWalletPayout }> {
  const { rows } = await q.query<{ protocol: number; address: string }>(
    `SELECT protocol, address FROM member_virtual_addresses WHERE id = $1 AND member_id = $2 AND protocol IN (${E_WALLET_WAYS.map((way) => way.protocol).join(', ')})`,
    [addressId, memberId],
  );
  const found = rows[0];
  const way = found && E_WALLET_WAYS.find((entry) => entry.protocol === Number(found.protocol));
  if (!found || !way) throw new BusinessError('withdrawAddressNotFound', `addressId: no bound e-wallet address ${addressId} of yours`);
  return { withdrawType: way.withdrawType, payout: { eWallet: way.name, address: found.address, addressId: String(addressId) } };
}
