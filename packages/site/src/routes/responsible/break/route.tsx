import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, SELF_EXCLUSION_PERIODS, type ExclusionStatus } from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { MemberCentre } from '../../member-centre/member-centre.js';
import { breakTexts } from './texts.js';
import { usePlayBreak, type BreakChoice } from './use-play-break.js';

type Text = ReturnType<typeof usePageTexts<keyof (typeof breakTexts)['en']>>;

/** The time-out lengths offered, in days (24 hours to 6 weeks). */
export const TIME_OUT_CHOICES = [1, 2, 3, 7, 14, 21, 30, 42] as const;

/**
 * /app/myCenter/playBreak (issue 22; docs/RESPONSIBLE-PLAY.md "Time-out and self-exclusion"):
 * the member's break status (until when, scope, cooling-off), taking a time-out or a
 * self-exclusion (every brand by default, confirmed with the login password), and the
 * confirmation of the return once the cooling-off is over.
 */
export function PlayBreakPage() {
  return (
    <MemberCentre>
      <PlayBreak />
    </MemberCentre>
  );
}

function PlayBreak() {
  const t = usePageTexts(breakTexts);
  const { status, refusal, busy, taken, confirmed, take, confirmReturn } = usePlayBreak();
  const language = useStore($language);
  return (
    <>
      <p>{t('intro')}</p>
      <section aria-labelledby="break-status-title">
        <h2 id="break-status-title">{t('statusTitle')}</h2>
        {!status ? <p className="content-loading">{t('loading')}</p> : <StatusFacts status={status} t={t} />}
        {status?.state === 'coolingOff' ? <p>{t('coolingOffText')}</p> : null}
        {status?.state === 'confirmationDue' ? (
          <>
            <p>{t('confirmText')}</p>
            <button className="button" type="button" disabled={busy} onClick={() => void confirmReturn()} data-testid="break-confirm">
              {t('confirm')}
            </button>
          </>
        ) : null}
        {confirmed ? <p role="status">{t('confirmed')}</p> : null}
      </section>
      {status && status.state !== 'coolingOff' && status.state !== 'confirmationDue' ? (
        <TakeBreakForm inForce={status.state === 'inForce'} busy={busy} onTake={take} t={t} />
      ) : null}
      {taken ? (
        <p role="status" data-testid="break-taken">
          {t('taken', { accounts: taken.accountsCovered, bonuses: taken.bonusesForfeited, money: formatMinor(taken.recycledMinor, 2, language) })}
          {taken.venuesPending > 0 ? ` ${t('pending', { count: taken.venuesPending })}` : ''}
        </p>
      ) : null}
      <ErrorLine error={refusal ? refusal.message : ''} />
    </>
  );
}

function StatusFacts({ status, t }: { status: ExclusionStatus; t: Text }) {
  return (
    <dl className="facts" data-testid="break-status" data-state={status.state}>
      <dt>{t('stateLabel')}</dt>
      <dd>{t(`state_${status.state}`)}</dd>
      {status.kind ? (
        <>
          <dt>{t('kindLabel')}</dt>
          <dd>{t(`kind_${status.kind}`)}</dd>
          <dt>{t('untilLabel')}</dt>
          <dd>{status.endsAt ? <DateTime at={status.endsAt} /> : t('permanent')}</dd>
        </>
      ) : null}
      {status.scope ? (
        <>
          <dt>{t('scopeLabel')}</dt>
          <dd>{t(`scope_${status.scope}`)}</dd>
        </>
      ) : null}
      {status.coolingOffEndsAt && status.state !== 'inForce' ? (
        <>
          <dt>{t('coolingOffLabel')}</dt>
          <dd>
            <DateTime at={status.coolingOffEndsAt} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function TakeBreakForm({ inForce, busy, onTake, t }: { inForce: boolean; busy: boolean; onTake: (choice: BreakChoice) => Promise<boolean>; t: Text }) {
  const [choice, setChoice] = useState<BreakChoice>({ kind: 'timeOut', days: 1, period: '6m', scope: 'operator', password: '' });
  const [understood, setUnderstood] = useState(false);
  const set = (patch: Partial<BreakChoice>) => setChoice((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onTake(choice).then((ok) => {
      if (ok) {
        set({ password: '' });
        setUnderstood(false);
      }
    });
  };
  return (
    <section aria-labelledby="break-take-title">
      <h2 id="break-take-title">{t('takeTitle')}</h2>
      {inForce ? <p>{t('extendHint')}</p> : null}
      <form className="form" onSubmit={submit} data-testid="break-form">
        <fieldset>
          <legend>{t('kindLegend')}</legend>
          <label>
            <input type="radio" name="break-kind" value="timeOut" checked={choice.kind === 'timeOut'} onChange={() => set({ kind: 'timeOut' })} /> {t('timeOutOption')}
          </label>
          <label>
            <input type="radio" name="break-kind" value="selfExclusion" checked={choice.kind === 'selfExclusion'} onChange={() => set({ kind: 'selfExclusion' })} />{' '}
            {t('selfExclusionOption')}
          </label>
        </fieldset>
        {choice.kind === 'timeOut' ? (
          <p>
            <label htmlFor="break-days">{t('lengthLabel')}</label>{' '}
            <select id="break-days" value={choice.days} onChange={(event) => set({ days: Number(event.target.value) })} data-testid="break-days">
              {TIME_OUT_CHOICES.map((days) => (
                <option key={days} value={days}>
                  {t('days', { n: days })}
                </option>
              ))}
            </select>
          </p>
        ) : (
          <p>
            <label htmlFor="break-period">{t('periodLabel')}</label>{' '}
            <select id="break-period" value={choice.period} onChange={(event) => set({ period: event.target.value as BreakChoice['period'] })} data-testid="break-period">
              {SELF_EXCLUSION_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(`period_${period}`)}
                </option>
              ))}
            </select>
          </p>
        )}
        <fieldset>
          <legend>{t('scopeLegend')}</legend>
          <label>
            <input type="radio" name="break-scope" value="operator" checked={choice.scope === 'operator'} onChange={() => set({ scope: 'operator' })} /> {t('scopeAll')}
          </label>
          <label>
            <input type="radio" name="break-scope" value="brand" checked={choice.scope === 'brand'} onChange={() => set({ scope: 'brand' })} /> {t('scopeThis')}
          </label>
        </fieldset>
        <p>
          <label htmlFor="break-password">{t('passwordLabel')}</label>{' '}
          <input
            id="break-password" type="password" autoComplete="current-password" required value={choice.password}
            onChange={(event) => set({ password: event.target.value })} data-testid="break-password"
          />
        </p>
        <p>
          <label>
            <input type="checkbox" required checked={understood} onChange={(event) => setUnderstood(event.target.checked)} data-testid="break-understand" /> {t('understand')}
          </label>
        </p>
        <button className="button" type="submit" disabled={busy || !understood || choice.password === ''} data-testid="break-submit">
          {t('submit')}
        </button>
      </form>
    </section>
  );
}
