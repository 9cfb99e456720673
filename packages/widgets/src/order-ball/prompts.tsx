import { useEffect, useState } from 'preact/hooks';
import type { WithdrawalOrder } from '@lobby/sdk';
import { useModal } from '../core/modal.js';
import { readCookie, writeCookie } from '../core/storage.js';
import type { OrderBallElement } from './order-ball-element.js';
import { isHome, matchedChannel, ROUTE, switchedToOrdinary, withdrawalStatus } from './state.js';
import { text } from './texts.js';

/** Cookies of spec section 4 ("Polling and prompts"). */
export const PROMPT_COOKIE = {
  matched: (billNo: string) => `lobby_wd_matched_${billNo}`,
  switched: (billNo: string) => `lobby_wd_switched_${billNo}`,
  firstDrawGuide: 'lobby_first_draw_guide',
} as const;

/**
 * The withdrawal prompts, in one dialog: once per bill (cookie) when the order reaches
 * to-be-confirmed while the member is on home, with Go Now to the withdrawals page; the
 * one-time notice that the super-fast channel was switched to ordinary; and the
 * first-draw guide flag (a cookie and a `lobby-prompt` event for the host's guide).
 *
 * @example const prompts = usePrompts(host, order, route) // render it
 */
export function usePrompts(host: OrderBallElement, order: WithdrawalOrder | null, route: string) {
  const lang = host.config.lang;
  const [prompt, setPrompt] = useState<{ type: 'matched'; billNo: string; channel: string } | { type: 'switched' } | null>(null);
  const status = order ? withdrawalStatus(order) : null;
  useEffect(() => {
    if (!order || !status) return;
    if (status.status === 2 && isHome(route) && readCookie(PROMPT_COOKIE.matched(order.billNo)) === null) {
      writeCookie(PROMPT_COOKIE.matched(order.billNo), '1');
      const channel = text(lang, matchedChannel(order.withdrawType));
      setPrompt({ type: 'matched', billNo: order.billNo, channel });
      host.emit('lobby-prompt', { type: 'withdrawal-matched', billNo: order.billNo });
    }
    if (switchedToOrdinary(order) && readCookie(PROMPT_COOKIE.switched(order.billNo)) === null) {
      writeCookie(PROMPT_COOKIE.switched(order.billNo), '1');
      setPrompt((shown) => shown ?? { type: 'switched' });
      host.emit('lobby-prompt', { type: 'switched-to-ordinary', billNo: order.billNo });
    }
    if (order.firstDraw && readCookie(PROMPT_COOKIE.firstDrawGuide) !== order.billNo) {
      writeCookie(PROMPT_COOKIE.firstDrawGuide, order.billNo);
      host.emit('lobby-prompt', { type: 'first-draw-guide', billNo: order.billNo });
    }
  }, [order, status?.status, route]);
  const dialog = useModal(prompt !== null, () => setPrompt(null));
  const matched = prompt?.type === 'matched' ? prompt : null;
  return (
    <dialog ref={dialog} class="prompt" aria-labelledby="prompt-title" aria-describedby="prompt-text">
      <h2 id="prompt-title">{text(lang, matched ? 'matchedTitle' : 'switchedTitle')}</h2>
      <p id="prompt-text">{matched ? text(lang, 'matched', { channel: matched.channel }) : text(lang, 'switched')}</p>
      <div class="actions">
        <button type="button" onClick={() => setPrompt(null)}>
          {text(lang, matched ? 'later' : 'ok')}
        </button>
        {matched && (
          <button
            type="button"
            class="primary"
            onClick={() => {
              setPrompt(null);
              host.navigate(ROUTE.withdrawals, { kind: 'withdrawal', billNo: matched.billNo, action: 'goNow' });
            }}
          >
            {text(lang, 'goNow')}
          </button>
        )}
      </div>
    </dialog>
  );
}
