/**
 * What the sandbox studio can be told to do wrong (docs/STUDIO.md, "Faults"), queued per
 * venue in process (`SandboxStudio.failNext`) or through the sandbox door.
 * - launch and seamless calls: `delay` (answer after `delayMs`), `fail` (refuse), `lose`
 *   (do the work, lose the answer: a timeout), `duplicate` (deliver the request twice);
 * - the bet-record feed: `duplicate` (every record of the page twice), `outOfOrder` (the
 *   page reversed), `missingPage` (the page after the next one is served first; the skipped
 *   one comes when asked again from the gap), `lateCorrection` (a bet already served is
 *   corrected: its payout changes by `deltaMinor`, default +1.00), `timeout` (no answer).
 */
export type StudioFaultTarget = 'launch' | 'seamless' | 'feed';

export type CallFault = 'delay' | 'fail' | 'lose' | 'duplicate';
export type FeedFault = 'duplicate' | 'outOfOrder' | 'missingPage' | 'lateCorrection' | 'timeout';

export const CALL_FAULTS: readonly CallFault[] = ['delay', 'fail', 'lose', 'duplicate'];
export const FEED_FAULTS: readonly FeedFault[] = ['duplicate', 'outOfOrder', 'missingPage', 'lateCorrection', 'timeout'];

export interface QueuedFault<F> {
  fault: F;
  /** `delay`: how long; default 200 ms. */
  delayMs?: number;
  /** `lateCorrection`: the payout change in fen (may be negative); default +100. */
  deltaMinor?: number;
}

/** The queue of faults per target and venue; each call takes the next one. */
export class FaultQueues {
  private readonly queues = new Map<string, QueuedFault<string>[]>();

  push(target: StudioFaultTarget, venueCode: string, fault: QueuedFault<string>, times = 1): void {
    const key = `${target}:${venueCode}`;
    const queue = this.queues.get(key) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(fault);
    this.queues.set(key, queue);
  }

  next<F extends string>(target: StudioFaultTarget, venueCode: string): QueuedFault<F> | undefined {
    return this.queues.get(`${target}:${venueCode}`)?.shift() as QueuedFault<F> | undefined;
  }

  clear(): void {
    this.queues.clear();
  }
}

/** The studio did not answer in time: the call may or may not have had its effect. */
export class StudioTimeoutError extends Error {
  constructor(what: string) {
    super(`the studio did not answer ${what} in time`);
    this.name = 'StudioTimeoutError';
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
