import { LIMIT_MONEY_MAX, LIMIT_SESSION_MINUTES_MAX, toMinor, type LimitKind, type LimitPeriod, type PlayLimit, type PlayLimitsView } from '@lobby/sdk';

/**
 * Where "not now" to the deposit-limit question is remembered: per member, so another member
 * on the same device is still asked.
 *
 * @example depositPromptSkippedKey(42) // 'lobby.depositLimitPromptSkipped.42'
 */
export const depositPromptSkippedKey = (memberId: number): string => `lobby.depositLimitPromptSkipped.${memberId}`;

/** Every limit the page lists, in order: four money kinds per 24 hours, 7 days, 1 month; then the session time. */
export const LIMIT_SLOTS: ReadonlyArray<{ kind: LimitKind; period: LimitPeriod }> = [
  ...(['deposit', 'loss', 'wager', 'stake'] as const).flatMap((kind) => (['day', 'week', 'month'] as const).map((period) => ({ kind, period }))),
  { kind: 'session', period: 'session' },
];

/** The periods a kind takes. */
export const periodsOf = (kind: LimitKind): readonly LimitPeriod[] => (kind === 'session' ? ['session'] : ['day', 'week', 'month']);

/** The limit in force for a slot, if any. */
export function limitOf(view: PlayLimitsView | undefined, kind: LimitKind, period: LimitPeriod): PlayLimit | undefined {
  return view?.limits.find((limit) => limit.kind === kind && limit.period === period);
}

/** What the window of a slot used (deposit, loss, wager), also with no limit set; null for stake and session. */
export function usedOf(view: PlayLimitsView | undefined, kind: LimitKind, period: LimitPeriod): { usedMinor: number; resetsAt: string | null } | null {
  if (!view || kind === 'stake' || kind === 'session') return null;
  const window = view.windows.find((w) => w.period === period);
  if (!window) return null;
  if (kind === 'deposit') return { usedMinor: window.depositMinor, resetsAt: window.depositResetsAt };
  if (kind === 'loss') return { usedMinor: window.lossMinor, resetsAt: window.lossResetsAt };
  return { usedMinor: window.wagerMinor, resetsAt: window.wagerResetsAt };
}

/**
 * The value a member typed for a kind, as the call takes it: fen for money (yuan with at most
 * two decimals), whole minutes for the session; null when it is not valid.
 *
 * @example valueOf('deposit', '500.5') // 50050
 */
export function valueOf(kind: LimitKind, typed: string): number | null {
  const text = typed.trim();
  if (kind === 'session') {
    if (!/^\d{1,4}$/.test(text)) return null;
    const minutes = Number(text);
    return minutes >= 1 && minutes <= LIMIT_SESSION_MINUTES_MAX ? minutes : null;
  }
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const minor = toMinor(text, 2);
  return minor >= 1 && minor <= LIMIT_MONEY_MAX ? minor : null;
}
