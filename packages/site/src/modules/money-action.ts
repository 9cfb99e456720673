import { ApiError, CLIENT_CODE, newIdempotencyKey } from '@lobby/sdk';

/**
 * One money-moving user action and its idempotency key (x-idempotency-key). While the
 * action runs, another click joins it instead of sending again; when the request got no
 * answer (network failure), or an answer `open` calls not final (a transfer the venue has
 * not decided yet), retrying the same request reuses the key, so the server applies it at
 * most once and answers how that one ended; a new request (other fields) or a final answer
 * gets a fresh key.
 *
 * @example const transferIn = createMoneyAction(); await transferIn.run({ api_name, amount }, (key) => client.call(venueTransferIn, body, { idempotencyKey: key }))
 */
export function createMoneyAction(newKey: () => string = newIdempotencyKey) {
  let running: Promise<unknown> | null = null;
  let unanswered: { fingerprint: string; key: string } | null = null;
  return {
    run<T>(request: unknown, send: (key: string) => Promise<T>, open?: (answer: T) => boolean): Promise<T> {
      if (running) return running as Promise<T>;
      const fingerprint = JSON.stringify(request);
      const key = unanswered?.fingerprint === fingerprint ? unanswered.key : newKey();
      unanswered = null;
      const attempt = send(key).then(
        (answer) => {
          if (open?.(answer)) unanswered = { fingerprint, key };
          return answer;
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.code === CLIENT_CODE.networkError) unanswered = { fingerprint, key };
          throw error;
        },
      );
      running = attempt.finally(() => {
        running = null;
      });
      return running as Promise<T>;
    },
    /** True while a request of this action waits for its answer. */
    busy: (): boolean => running !== null,
  };
}

export type MoneyAction = ReturnType<typeof createMoneyAction>;
