import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, codeCountdownSeconds, type CodeButtonState } from '@lobby/sdk';
import { createCodeRequest } from './code-request.js';

/**
 * The get-code button: its memory (last accepted click, when a code was sent), the seconds
 * left on its 60 s countdown (ticking once a second while it runs) and its request, one at a
 * time (code-request.ts): `sending` while one is in flight, when the button stays disabled.
 *
 * @example const button = useCodeButton(); await button.send(Date.now(), () => client.call(loginSmsSend, { phone })) // 'sent'; button.secondsLeft // 60
 */
export function useCodeButton() {
  const [state, setState] = useState<CodeButtonState>({ lastClickAtMs: null, sentAtMs: null });
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [request] = useState(createCodeRequest);
  const [sending, setSending] = useState(false);
  const secondsLeft = codeCountdownSeconds(state.sentAtMs, Math.max(nowMs, state.sentAtMs ?? 0));
  const running = secondsLeft > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNowMs(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return {
    state,
    secondsLeft,
    sending,
    /**
     * A click at `atMs`: sends through `send` unless a request is in flight ('busy') or the 2 s
     * debounce or the countdown refuses the click ('ignored'); once sent, the countdown starts.
     * A failure of `send` is thrown (the countdown does not start).
     */
    async send(atMs: number, send: () => Promise<unknown>): Promise<'sent' | 'busy' | 'ignored'> {
      try {
        const outcome = await request.run(state, atMs, () => {
          setState((previous) => ({ ...previous, lastClickAtMs: atMs }));
          setSending(true);
          return send();
        });
        if (outcome === 'sent') {
          const sentAtMs = Date.now();
          setNowMs(sentAtMs);
          setState((previous) => ({ ...previous, sentAtMs }));
        }
        return outcome;
      } finally {
        setSending(request.inFlight());
      }
    },
  };
}
