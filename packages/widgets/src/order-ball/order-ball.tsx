import { useEffect, useRef, useState } from 'preact/hooks';
import { COUNTDOWN_TICK_MS, formatClock, type DepositOrder, type WithdrawalOrder } from '@lobby/sdk';
import { useDraggable } from '../core/drag.js';
import { useInterval, useMemberToken } from '../core/hooks.js';
import { BALL_SIZE_PX, drawBall } from './canvas.js';
import type { OrderBallElement } from './order-ball-element.js';
import { usePrompts } from './prompts.js';
import { depositBall, ROUTE, shouldAnnounce, withdrawalBall, type BallView } from './state.js';
import { text } from './texts.js';
import { useOrder } from './use-order.js';

function currentRoute(host: OrderBallElement): string {
  return host.getAttribute('route') ?? (typeof location === 'undefined' ? '/' : location.pathname);
}

/** Seconds left now, from the seconds the server gave when the order was fetched. */
function secondsLeft(view: BallView, fetchedAt: number): number | null {
  if (view.hidden || view.remainingS === null) return null;
  return Math.max(0, Math.ceil(view.remainingS - (performance.now() - fetchedAt) / 1000));
}

/** The draggable ball with its canvas, countdown and prompts. */
export function OrderBall({ host }: { host: OrderBallElement }) {
  const token = useMemberToken(host);
  const kind = host.getAttribute('kind') === 'withdrawal' ? 'withdrawal' : 'deposit';
  const route = currentRoute(host);
  const lang = host.config.lang;
  const onDepositPage = route.split('?')[0] === ROUTE.deposit;
  const source = useOrder(host, kind, token, onDepositPage);
  const view =
    kind === 'deposit'
      ? depositBall(source.order as DepositOrder | null, { route, bigBank: source.bigBank, ended: source.ended })
      : withdrawalBall(source.order as WithdrawalOrder | null, { route, ended: source.ended });
  const [left, setLeft] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const prompts = usePrompts(host, kind === 'withdrawal' ? (source.order as WithdrawalOrder | null) : null, route);

  const tick = () => {
    const seconds = secondsLeft(view, source.fetchedAt);
    setLeft(seconds);
    if (seconds !== null && shouldAnnounce(seconds)) setAnnouncement(text(lang, 'remaining', { time: formatClock(seconds) }));
    // A countdown that ran out refreshes the order once; one the server already gave as 0
    // (a draw to be confirmed) does not, or every answer would ask again at once.
    if (seconds === 0 && !view.hidden && view.remainingS! > 0) source.refresh();
  };
  useEffect(tick, [source.fetchedAt, view.hidden, !view.hidden && view.remainingS]);
  useInterval(tick, !view.hidden && view.remainingS !== null && left !== 0 ? COUNTDOWN_TICK_MS : null);

  const title = view.hidden ? '' : view.label === 'status2' ? text(lang, 'toConfirm', { count: view.toConfirmCount }) : text(lang, view.label);
  const detail = left === null ? '' : formatClock(left);
  useEffect(() => {
    if (view.hidden || !canvas.current) return;
    const progress = left === null || !view.totalS ? null : left / view.totalS;
    drawBall(canvas.current, { kind, title, detail, progress }, globalThis.devicePixelRatio ?? 1);
  });

  const open = () => {
    if (view.hidden) return;
    const target = kind === 'deposit' ? `${ROUTE.deposit}?billNo=${encodeURIComponent(view.billNo)}` : ROUTE.withdrawals;
    host.navigate(target, { kind, billNo: view.billNo, action: view.label });
  };
  const drag = useDraggable({
    initial: { x: Math.max(0, (globalThis.innerWidth ?? 1024) - BALL_SIZE_PX), y: Math.round((globalThis.innerHeight ?? 768) * (kind === 'deposit' ? 0.55 : 0.7)) },
    box: { width: BALL_SIZE_PX, height: BALL_SIZE_PX },
    snap: true,
    onActivate: open,
  });

  const timeText = left === null ? '' : `, ${text(lang, 'remaining', { time: formatClock(left) })}`;
  return (
    <>
      {!view.hidden && (
        <button
          type="button"
          class="ball"
          part="ball"
          aria-label={`${text(lang, kind === 'deposit' ? 'depositName' : 'withdrawalName', { state: title })}${timeText}`}
          style={drag.style}
          {...drag.handlers}
        >
          <canvas ref={canvas} width={BALL_SIZE_PX} height={BALL_SIZE_PX} aria-hidden="true" />
        </button>
      )}
      <span class="sr-only" role="status" aria-live="polite">{view.hidden ? '' : announcement}</span>
      {prompts}
    </>
  );
}
