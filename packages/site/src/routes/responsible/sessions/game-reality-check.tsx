import { useEffect, useRef, type RefObject } from 'react';
import { REALITY_CHECK_CHOICES, type RealityCheckChoice } from '@lobby/sdk';
import { SessionClock } from './session-clock.js';
import { gameFrameOpened } from './session-store.js';
import { useRealityCheck } from './use-reality-check.js';

/** The least time between two reads of the session prompted by the game's rounds. */
const ROUND_READ_MS = 15_000;

/** The member's answer from the framed game, only from this very frame and this origin. */
export function realityChoiceOf(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>, frame: Window | null, origin: string): RealityCheckChoice | null {
  if (event.origin !== origin || frame === null || event.source !== frame) return null;
  const data = event.data as { type?: unknown; choice?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.type !== 'lobby.game.realityCheck') return null;
  return (REALITY_CHECK_CHOICES as readonly unknown[]).includes(data.choice) ? (data.choice as RealityCheckChoice) : null;
}

/**
 * The game frame's part of responsible play (issue 22): the elapsed session time in the
 * bar, and a due reality check delivered into the running game (`lobby.host.realityCheck`,
 * docs/STUDIO.md) instead of the site's dialog; the game answers `lobby.game.realityCheck`
 * and the answer is recorded here (stop logs out and leaves the game).
 */
export function GameRealityCheck({ frame }: { frame: RefObject<HTMLIFrameElement | null> }) {
  const { prompt, answer, actions } = useRealityCheck();
  const sent = useRef('');
  const promptRef = useRef(prompt);
  promptRef.current = prompt;
  const answerRef = useRef(answer);
  answerRef.current = answer;

  useEffect(() => gameFrameOpened(), []);

  useEffect(() => {
    const post = () => {
      const current = promptRef.current;
      if (current) frame.current?.contentWindow?.postMessage({ type: 'lobby.host.realityCheck', ...current }, window.location.origin);
    };
    let readAtMs = 0;
    const onMessage = (event: MessageEvent) => {
      const own = frame.current?.contentWindow ?? null;
      const type = event.source === own && event.origin === window.location.origin ? (event.data as { type?: unknown } | null)?.type : undefined;
      if (type === 'lobby.game.ready') post();
      // The session is read again when the game starts and after rounds (at most every
      // ROUND_READ_MS), so a due prompt reaches the game between rounds, not only at the poll.
      if (type === 'lobby.game.ready' || (type === 'lobby.game.round' && Date.now() - readAtMs > ROUND_READ_MS)) {
        readAtMs = Date.now();
        void actions.load();
      }
      const choice = realityChoiceOf(event, own, window.location.origin);
      if (choice) void answerRef.current(choice);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, actions]);

  const key = prompt ? prompt.message : '';
  useEffect(() => {
    if (!key || sent.current === key) return;
    sent.current = key;
    const current = promptRef.current;
    if (current) frame.current?.contentWindow?.postMessage({ type: 'lobby.host.realityCheck', ...current }, window.location.origin);
  }, [key, frame]);

  return <SessionClock />;
}
