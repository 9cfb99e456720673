import { fromMinor, type CallResponse, type Envelope, type venueTransferIn } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { balancesOf } from '../ledger/index.js';
import type { VenueTransfer } from './index.js';

export type VenueTransferResult = CallResponse<typeof venueTransferIn>;

const MESSAGE = {
  completed: 'Transfer successful',
  failed: 'The venue transfer failed; the money is back in your wallet',
  pending: 'The venue has not answered yet; the transfer completes or returns by itself',
} as const;

/** The wire result of a venue transfer, with the wallets as they are now. */
export async function transferResultOf(db: Database, transfer: VenueTransfer): Promise<VenueTransferResult> {
  const balances = await balancesOf(db, transfer.memberId);
  return {
    transferId: transfer.transferId,
    apiName: transfer.venueCode,
    state: transfer.state,
    amount: fromMinor(transfer.amountMinor, 2),
    message: transfer.state === 'failed' && transfer.failure ? `${MESSAGE.failed} (${transfer.failure})` : MESSAGE[transfer.state],
    centerWalletBalance: fromMinor(balances.get('centre') ?? 0, 2),
    money: fromMinor(balances.get(`venue:${transfer.venueCode}`) ?? 0, 2),
  };
}

/** A single transfer the venue refused is a refusal (code venueTransferFailed) carrying the result. */
export function answerOrRefuse(result: VenueTransferResult): VenueTransferResult {
  if (result.state === 'failed') throw new BusinessError('venueTransferFailed', result.message, result);
  return result;
}

/** A venue call's answer is final unless a transfer is still pending (then the key stays open for a reconciling retry). */
export function isFinalVenueAnswer(envelope: Envelope<unknown>): boolean {
  if (envelope.code !== 0) return true;
  const data = envelope.data as { state?: string } | null;
  return data?.state !== 'pending';
}
