import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { createMoneyAction } from '../../../modules/money-action.js';
import { runRefusable, type Refusal } from '../../../modules/refusal.js';
import { walletActions } from '../../../modules/wallet-refresh.js';

/** A claim action of an activity page. */
export interface ClaimAction {
  /**
   * Sends one claim: `send(key)` gets the idempotency key (the same key again when the last
   * try of the same request got no answer, so a retry is paid at most once). Answers the
   * call's data, or undefined when refused (then `refusal` says why).
   */
  claim<T>(request: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T | undefined>;
  busy: boolean;
  refusal: Refusal | null;
  clearRefusal: () => void;
}

/**
 * Runs an activity's claim calls: one at a time (a second click joins the first), each
 * with its idempotency key (modules/money-action.ts), the refusal kept for the page
 * (modules/refusal.ts). After any answer the wallet is read again and `afterAnswer` runs
 * (e.g. the page's reload, so a changed terms version or a new claim shows).
 *
 * @example const { claim, busy, refusal } = useClaim(reload); await claim({ id, termsVersion }, (key) => client.call(discountApply, { id, termsVersion }, { idempotencyKey: key }))
 */
export function useClaim(afterAnswer?: () => void): ClaimAction {
  const { client } = useLobby();
  const action = useRef(createMoneyAction()).current;
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const claim = useCallback(
    async <T>(request: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
      let answered = false;
      const answer = await runRefusable(setBusy, setRefusal, async () => {
        try {
          return await action.run(request, send);
        } catch (failure) {
          answered = failure instanceof ApiError && failure.status !== 0;
          throw failure;
        }
      });
      if (answer !== undefined || answered) {
        void walletActions(client).afterMove().catch(() => undefined);
        afterAnswer?.();
      }
      return answer;
    },
    [action, client, afterAnswer],
  );
  const clearRefusal = useCallback(() => setRefusal(null), []);
  return { claim, busy, refusal, clearRefusal };
}
