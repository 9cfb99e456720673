import { validateUsdtAddress } from '@lobby/sdk';

/** Spec section 3, "Virtual protocol", in the order the spec lists them. */
export const PROTOCOL_NAME = ['TRC20', 'ERC20', 'OMNI', 'EBPAY', 'KOIPAY', 'BTC', 'ETH', 'BNB', 'TRX'] as const;
export type ProtocolId = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** The chain-address protocols (the virtual currency list); 3 and 4 are e-wallets. */
export const CHAIN_PROTOCOLS: readonly ProtocolId[] = [0, 1, 2, 5, 6, 7, 8];
export const EWALLET_PROTOCOLS = [3, 4] as const;

/**
 * The address rule each protocol borrows, the same table as the server's
 * (packages/server/src/routes/banks/virtual-addresses.ts, docs/VENUE-WALLETS.md): TRX is a
 * Tron address (TRC20 shape), ETH and BNB EVM addresses (ERC20 shape), BTC a Bitcoin
 * address (Base58Check or Bech32); EbPay and KoiPay accounts are 6 to 64 of letters, digits, _ . @ -.
 */
const SHAPE_OF: Record<ProtocolId, 'TRC20' | 'ERC20' | 'OMNI' | 'BTC' | 'EWALLET'> = {
  0: 'TRC20', 1: 'ERC20', 2: 'OMNI', 3: 'EWALLET', 4: 'EWALLET', 5: 'BTC', 6: 'ERC20', 7: 'ERC20', 8: 'TRC20',
};
const EWALLET_ACCOUNT = /^[A-Za-z0-9_.@-]{6,64}$/;

export type AddressCheck = { ok: true; address: string } | { ok: false; problem: 'addressEmpty' | 'addressInvalid' };

/**
 * Checks an address for its protocol before it is sent, with the sdk's
 * validateUsdtAddress for chain addresses, so the browser refuses what the server refuses.
 *
 * @example checkAddress(0, ' TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ') // { ok: true, address: 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ' }
 */
export function checkAddress(protocol: ProtocolId, input: string): AddressCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'addressEmpty' };
  const shape = SHAPE_OF[protocol];
  if (shape === 'EWALLET') return EWALLET_ACCOUNT.test(trimmed) ? { ok: true, address: trimmed } : { ok: false, problem: 'addressInvalid' };
  const result = validateUsdtAddress(trimmed, shape);
  return result.ok ? { ok: true, address: result.value } : { ok: false, problem: 'addressInvalid' };
}

export type CardCheck = { ok: true; cardNo: string } | { ok: false; problem: 'cardEmpty' | 'cardInvalid' };

/**
 * A bank card number as the server takes it: spaces and dashes dropped, 16 to 19 digits
 * passing the Luhn check (the server's normalisedCardNo).
 *
 * @example checkCardNo('4111 1111 1111 1111') // { ok: true, cardNo: '4111111111111111' }
 */
export function checkCardNo(input: string): CardCheck {
  const digits = input.replace(/[\s-]/g, '');
  if (digits === '') return { ok: false, problem: 'cardEmpty' };
  if (!/^\d{16,19}$/.test(digits)) return { ok: false, problem: 'cardInvalid' };
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0 ? { ok: true, cardNo: digits } : { ok: false, problem: 'cardInvalid' };
}
