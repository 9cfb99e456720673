/**
 * The adapter every game venue sits behind. A real venue plugs in by implementing it;
 * the sandbox venue (sandbox-venue-provider.ts) behaves like one, faults included.
 *
 * Every money call carries a transfer id the caller generates once per transfer and sends
 * again on every retry: the venue applies a transfer id at most once and answers a repeat
 * with the first answer.
 */
export interface VenueTransferCall {
  transferId: string;
  venueCode: string;
  memberId: number;
  /** Positive integer minor units (fen). */
  amountMinor: number;
}

/** The venue's word on one transfer. */
export interface VenueAnswer {
  state: 'succeeded' | 'failed';
  /** The member's balance at the venue after it (minor units). */
  balanceMinor: number;
  /** Why a transfer failed, in the venue's words. */
  reason?: string;
}

/** The venue did not answer in time: the transfer may or may not have happened. */
export class VenueTimeoutError extends Error {
  constructor(readonly venueCode: string, readonly transferId: string) {
    super(`venue ${venueCode} did not answer transfer ${transferId} in time`);
    this.name = 'VenueTimeoutError';
  }
}

export interface VenueProvider {
  /** Credits the member at the venue. Throws VenueTimeoutError when the answer is lost. */
  transferIn(call: VenueTransferCall): Promise<VenueAnswer>;
  /** Debits the member at the venue; fails (state 'failed') when the venue balance is short. */
  transferOut(call: VenueTransferCall): Promise<VenueAnswer>;
  /** What the venue knows of a transfer id: its answer, or undefined when it never saw it. */
  queryTransfer(venueCode: string, transferId: string): Promise<VenueAnswer | undefined>;
  /** The member's balance at the venue (minor units). */
  balance(venueCode: string, memberId: number): Promise<number>;
  /** True while the venue is in maintenance: it takes no transfers. */
  inMaintenance(venueCode: string): Promise<boolean>;
  /**
   * Optional: a number that changes whenever any venue's maintenance flag changes, so a
   * reader may reuse the flags it asked for while the number stays the same. A provider
   * without it is asked every time.
   */
  maintenanceVersion?(): number;
}
