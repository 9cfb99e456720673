import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, codeCountdownSeconds, type CodeButtonState } from '@lobby/sdk';


/**
 * The get-code button's memory (last accepted click, when a code was sent) and the
 * seconds left on its 60 s countdown, ticking once a second while it runs.
 *
 * @example const button = useCodeButton(); button.secondsLeft // 60 right after button.sent(Date.now())
 */
export function useCodeButton() {
  const [state, setState] = useState<CodeButtonState>({ lastClickAtMs: null, sentAtMs: null });
  const [nowMs, setNowMs] = useState(() => Date.now());
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
    clicked: (atMs: number) => setState((previous) => ({ ...previous, lastClickAtMs: atMs })),
    sent: (atMs: number) => {
      setNowMs(atMs);
      setState((previous) => ({ ...previous, sentAtMs: atMs }));
    },
  };
}
