import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { signInReceiveAward, signInRetroactive, signInSign, type SignDay, type SignInInfo, type SignLog, type SignPaid } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine, RefusalLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ActivityShell, ClaimButton, activityIdOf, useClaim, type LoadedActivity } from '../shared/index.js';
import { installSignStyles } from './sign-styles.js';
import { signTexts } from './texts.js';
import { useSignIn } from './use-sign-in.js';

type Text = ReturnType<typeof usePageTexts<keyof (typeof signTexts)['en']>>;
const money = (minor: number) => formatMinor(minor, 2);

/**
 * /app/signGift/{id} and /app/SignGift/{id}: the daily sign-in (issue 20; docs/SIGN-IN-AND-TASKS.md).
 * The cycle's calendar with each day's sign status (spec section 4), the sign button, a
 * retroactive sign on each missed day, the cumulative and full-cycle awards, and the log.
 */
export function SignGiftPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <SignGift load={load} />}</ActivityShell>;
}

function SignGift({ load }: { load: LoadedActivity }) {
  installSignStyles();
  const text = usePageTexts(signTexts);
  const { client } = useLobby();
  const { info, history, error, reload } = useSignIn(load.detail.id);
  const { claim, busy, refusal } = useClaim(reload);
  const [done, setDone] = useState('');

  const run = useCallback(
    async (request: Record<string, unknown>, send: (key: string) => Promise<SignPaid>) => {
      setDone('');
      const answer = await claim(request, send);
      if (answer) setDone(answer.alsoPaidMinor > 0 ? text('paidWithAward', { money: money(answer.amountMinor), also: money(answer.alsoPaidMinor) }) : text('paid', { money: money(answer.amountMinor) }));
    },
    [claim, text],
  );
  const id = load.detail.id;
  const sign = (termsVersion: number) => void run({ sign: id, termsVersion }, (key) => client.call(signInSign, { id, termsVersion }, { idempotencyKey: key }));
  const retro = (day: string, termsVersion: number) => void run({ retro: id, day, termsVersion }, (key) => client.call(signInRetroactive, { id, day, termsVersion }, { idempotencyKey: key }));
  const award = (request: { award: 'cumulative' | 'lastCycle'; days?: number }, termsVersion: number) =>
    void run({ awardOf: id, ...request, termsVersion }, (key) => client.call(signInReceiveAward, { id, ...request, termsVersion }, { idempotencyKey: key }));

  return (
    <ActivityFrame load={load} showClaims={false}>
      {error ? <ErrorLine error={error} /> : null}
      {!info ? <p className="content-loading">{text('loading')}</p> : (
        <>
          <section className="activity-panel sign-board" aria-labelledby="sign-calendar-title">
            <h2 id="sign-calendar-title">{text('calendar', { cycle: info.cycleIndex + 1, days: info.cycleDays })}</h2>
            <ol className="sign-calendar">
              {info.days.map((day) => (
                <SignDayCell key={day.day} day={day} info={info} text={text} busy={busy} onRetro={retro} />
              ))}
            </ol>
            <div className="sign-actions">
              <p className="sign-count">{text('signs', { count: info.signs })}</p>
              {info.signRule.dayDepositMinor > 0 || info.signRule.dayTurnoverMinor > 0 ? (
                <p>{text('signRule', { deposit: money(info.signRule.dayDepositMinor), bet: money(info.signRule.dayTurnoverMinor), todayDeposit: money(info.todayFacts.depositMinor), todayBet: money(info.todayFacts.turnoverMinor) })}</p>
              ) : null}
              <p>
                {text('retroInfo', { left: info.retroactive.left, perCycle: info.retroactive.perCycle })}
                {info.retroactive.depositMinor > 0 ? `；${text('retroDeposit', { money: money(info.retroactive.depositMinor) })}` : ''}
              </p>
              {!info.loggedIn ? <p>{text('logIn')}</p> : null}
              <ClaimButton termsVersion={info.activity.termsVersion} busy={busy} disabled={info.taskStatus !== 1} onClaim={sign}>
                {info.taskStatus === 2 ? text('signed') : text('signNow')}
              </ClaimButton>
            </div>
          </section>
          <Awards info={info} text={text} busy={busy} onAward={award} />
          {done ? <p className="notice activity-done" role="status">{done}</p> : null}
          <RefusalLine refusal={refusal} />
          {info.loggedIn ? <History list={history} text={text} /> : null}
        </>
      )}
    </ActivityFrame>
  );
}

function SignDayCell({ day, info, text, busy, onRetro }: { day: SignDay; info: SignInInfo; text: Text; busy: boolean; onRetro: (day: string, termsVersion: number) => void }) {
  const isToday = day.day === info.today;
  const status = day.status === 3 && day.retroactive ? text('status3retro') : text(`status${day.status}` as 'status0');
  return (
    <li className="sign-day" data-status={day.status} data-day={day.day} {...(isToday ? { 'data-today': '' } : {})} aria-label={`${text('dayN', { n: day.index })} ${day.day} ${status}`}>
      <span>{text('dayN', { n: day.index })}{isToday ? ` · ${text('today')}` : ''}</span>
      <span className="hint">{day.day}</span>
      <span>{text('reward', { money: money(day.rewardMinor) })}</span>
      <span className="sign-status">{status}</span>
      {day.status === 4 && info.loggedIn ? (
        <ClaimButton termsVersion={info.activity.termsVersion} busy={busy} onClaim={(version) => onRetro(day.day, version)}>
          {text('retro')}
        </ClaimButton>
      ) : null}
    </li>
  );
}

function Awards({ info, text, busy, onAward }: { info: SignInInfo; text: Text; busy: boolean; onAward: (request: { award: 'cumulative' | 'lastCycle'; days?: number }, termsVersion: number) => void }) {
  const word = (status: number) => (status === 2 ? text('received') : status === 1 ? text('receive') : text('notReached'));
  if (info.cumulative.length === 0 && info.lastCycle.bonusMinor === 0) return null;
  return (
    <section className="activity-panel" aria-labelledby="sign-awards-title">
      <h2 id="sign-awards-title">{text('cumulative')}</h2>
      <ul className="sign-awards">
        {info.cumulative.map((entry) => (
          <li key={entry.days} data-award-days={entry.days}>
            <span>{text('cumulativeDays', { days: entry.days, money: money(entry.rewardMinor) })}</span>
            {info.awardWay === 'auto' && entry.status !== 2 ? <span className="hint">{text('autoPaid')}</span> : (
              <ClaimButton termsVersion={info.activity.termsVersion} busy={busy} disabled={entry.status !== 1} onClaim={(version) => onAward({ award: 'cumulative', days: entry.days }, version)}>
                {word(entry.status)}
              </ClaimButton>
            )}
          </li>
        ))}
        {info.lastCycle.bonusMinor > 0 ? (
          <li data-award="lastCycle">
            <span>{text('lastCycle')}：{text('lastCycleLine', { signs: info.lastCycle.signs, days: info.cycleDays, money: money(info.lastCycle.bonusMinor) })}</span>
            <ClaimButton termsVersion={info.activity.termsVersion} busy={busy} disabled={info.lastCycle.status !== 1} onClaim={(version) => onAward({ award: 'lastCycle' }, version)}>
              {word(info.lastCycle.status)}
            </ClaimButton>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function History({ list, text }: { list: SignLog[]; text: Text }) {
  return (
    <section className="activity-panel" aria-labelledby="sign-history-title">
      <h2 id="sign-history-title">{text('history')}</h2>
      {list.length === 0 ? <p>{text('noHistory')}</p> : (
        <ul className="sign-log">
          {list.map((line) => (
            <li key={`${line.kind}:${line.day}:${line.createdAt}`}>
              <DateTime at={line.createdAt} />
              <span>{text(`log_${line.kind}` as 'log_sign', { day: line.day })}</span>
              <span>{text('reward', { money: money(line.amountMinor) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
