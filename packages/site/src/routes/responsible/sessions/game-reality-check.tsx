import { useEffect, useRef, type RefObject } from 'react';
import { REALITY_CHECK_CHOICES, type RealityCheckChoice } from '@lobby/sdk';
import { SessionClock } from './session-clock.js';
import { gameFrameDelivery } from './session-store.js';
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

type Prompt = NonNullable<ReturnType<typeof useRealityCheck>['prompt']>;
type Delivery = ReturnType<typeof gameFrameDelivery>;

/**
 * Posts the due prompt into the game, once per prompt and only after the game said ready
 * (before that the site's dialog shows it); the game then has a few seconds to show it.
 */
function deliver(frame: HTMLIFrameElement | null, own: Delivery, prompt: Prompt | null, sent: { current: string }): void {
  const target = frame?.contentWindow;
  if (!prompt || !target || !own.isReady() || sent.current === prompt.message) return;
  sent.current = prompt.message;
  target.postMessage({ type: 'lobby.host.realityCheck', ...prompt }, window.location.origin);
  own.promptSent();
}

/**
 * The game frame's part of responsible play (issue 22): the elapsed session time in the
 * bar, and a due reality check delivered into the running game (`lobby.host.realityCheck`,
 * docs/STUDIO.md) instead of the site's dialog; the game answers `lobby.game.realityCheck`
 * and the answer is recorded here (stop logs out and leaves the game). The frame takes the
 * prompt over from the site's dialog only once its game said `lobby.game.ready`, and gives it
 * back when the game does not say `lobby.game.realityCheckShown` in time (session-store.ts).
 */
export function GameRealityCheck({ frame }: { frame: RefObject<HTMLIFrameElement | null> }) {
  const { prompt, answer, actions } = useRealityCheck();
  const promptRef = useRef(prompt);
  promptRef.current = prompt;
  const answerRef = useRef(answer);
  answerRef.current = answer;
  const delivery = useRef<Delivery | null>(null);
  const sent = useRef('');

  useEffect(() => {
    const own = gameFrameDelivery();
    delivery.current = own;
    let readAtMs = 0;
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow ?? null;
      const type = event.source === source && event.origin === window.location.origin ? (event.data as { type?: unknown } | null)?.type : undefined;
      if (type === 'lobby.game.ready') {
        // A game (re)started has no prompt on its stage: the due one goes in again.
        own.ready();
        sent.current = '';
        deliver(frame.current, own, promptRef.current, sent);
      }
      if (type === 'lobby.game.realityCheckShown') own.acknowledged();
      // The session is read again when the game starts and after rounds (at most every
      // ROUND_READ_MS), so a due prompt reaches the game between rounds, not only at the poll.
      if (type === 'lobby.game.ready' || (type === 'lobby.game.round' && Date.now() - readAtMs > ROUND_READ_MS)) {
        readAtMs = Date.now();
        void actions.load();
      }
      const choice = realityChoiceOf(event, source, window.location.origin);
      if (choice) {
        own.acknowledged();
        void answerRef.current(choice);
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      own.close();
      delivery.current = null;
      sent.current = '';
    };
  }, [frame, actions]);

  const key = prompt ? prompt.message : '';
  useEffect(() => {
    const own = delivery.current;
    if (!own) return;
    if (!key) {
      sent.current = '';
      own.promptGone();
      return;
    }
    deliver(frame.current, own, promptRef.current, sent);
  }, [key, frame]);

  return <SessionClock />;
}
