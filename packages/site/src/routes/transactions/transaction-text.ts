import type { TransactionRecord } from '@lobby/sdk';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import type { transactionTexts } from './texts.js';

type Key = keyof (typeof transactionTexts)['en'] & string;
type Lookup = PageTextLookup<Key>;

/** The venue code of a venue transfer movement, from the venue wallet it lands on or the transfer's venue. */
function venueOf(record: TransactionRecord): string {
  return record.wallet.startsWith('venue:') ? record.wallet.slice('venue:'.length) : '';
}

/**
 * The reason of a movement in the member's language: its dealType, and for a venue
 * transfer its direction (the ledger code says in or out).
 *
 * @example reasonOf(t, { dealType: 'venueTransfer', code: 'venue_transfer_in', wallet: 'venue:AG', ... }) // 'Transfer into venue AG'
 */
export function reasonOf(t: Lookup, record: TransactionRecord): string {
  if (record.dealType === 'venueTransfer') {
    const venue = venueOf(record);
    const direction = record.code.endsWith('_out') ? 'venueTransferOut' : 'venueTransferIn';
    return venue ? t(direction, { venue }) : t('venueTransfer');
  }
  return t(record.dealType);
}

/** The wallet a movement lands on, in the member's language. */
export function walletOf(t: Lookup, wallet: string): string {
  if (wallet.startsWith('venue:')) return t('venueWallet', { venue: wallet.slice('venue:'.length) });
  if (wallet === 'coin') return t('coinWallet');
  if (wallet === 'yuebao') return t('yuebaoWallet');
  if (wallet === 'centre' || wallet === 'locked' || wallet === 'usdt' || wallet === 'usdt_locked') return t(wallet);
  return wallet;
}

/** The decimals a movement's currency is written with. */
export function decimalsOf(currency: TransactionRecord['currency']): 0 | 2 | 6 {
  return currency === 'USDT' ? 6 : currency === 'COIN' ? 0 : 2;
}
