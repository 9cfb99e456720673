import { formatClock } from '@lobby/sdk';
import type { ActivityStatusCode } from '@lobby/sdk';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { useCountdown } from '../../../modules/countdown.js';
import { activityTexts } from './texts.js';

/**
 * An activity's status in words (spec section 4: 0 not started, 1 in progress, 2 ended);
 * 'paused' when the operator holds an activity that would be in progress.
 *
 * @example <StatusBadge status={1} paused={false} />
 */
export function StatusBadge({ status, paused }: { status: ActivityStatusCode; paused: boolean }) {
  const text = usePageTexts(activityTexts);
  const held = paused && status !== 2;
  return (
    <span className={`activity-status status-${status}${held ? ' paused' : ''}`} data-status={status}>
      {held ? text('paused') : text(`status${status}`)}
    </span>
  );
}

const DAY_S = 86_400;

/**
 * d h:mm:ss for long spans, mm:ss (or h:mm:ss) otherwise.
 *
 * @example spanText(90_061, (n) => `${n} d `) // '1 d 01:01:01'
 */
export function spanText(seconds: number, days: (count: number) => string): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= DAY_S) return `${days(Math.floor(s / DAY_S))}${formatClock(s % DAY_S, { hours: 'always', padHours: true })}`;
  return formatClock(s, { padHours: true });
}

/**
 * The time to an activity's start (not started) or end (in progress), ticking each second
 * from the server's clock when the detail was read; nothing once ended. `onEnd` runs when it
 * reaches zero (the page reads the detail again: the status moved).
 *
 * @example <ActivityCountdown status={0} startsAt={a.startsAt} endsAt={a.endsAt} serverTime={a.serverTime} loadedAtMs={at} onEnd={reload} />
 */
export function ActivityCountdown(props: { status: ActivityStatusCode; startsAt: string; endsAt: string; serverTime: string; loadedAtMs: number; onEnd?: () => void }) {
  const text = usePageTexts(activityTexts);
  const target = props.status === 0 ? props.startsAt : props.endsAt;
  const seconds = props.status === 2 ? null : Math.max(0, Math.ceil((Date.parse(target) - Date.parse(props.serverTime)) / 1000));
  const left = useCountdown(seconds, props.loadedAtMs, props.onEnd);
  if (left === null) return null;
  const time = spanText(left, (count) => text('days', { count }));
  return (
    <span className="activity-countdown" role="timer" aria-live="off">
      {props.status === 0 ? text('startsIn', { time }) : text('endsIn', { time })}
    </span>
  );
}
