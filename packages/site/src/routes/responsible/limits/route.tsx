import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, LIMIT_KINDS, type LimitKind, type LimitPeriod, type PlayLimitAuditEntry, type PlayLimitChange, type PlayLimitsView } from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts, type PageTextLookup } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { MemberCentre } from '../../member-centre/member-centre.js';
import { LIMIT_SLOTS, limitOf, periodsOf, usedOf, valueOf } from './limits-logic.js';
import { limitsTexts, type LimitsTextKey } from './texts.js';
import { usePlayLimits, type LimitNotice } from './use-play-limits.js';

type T = PageTextLookup<LimitsTextKey>;

/** A limit's value as the page shows it: yuan, or minutes for the session time. */
function useValueText(t: T) {
  const language = useStore($language);
  return (kind: LimitKind, value: number | null) => (value === null ? t('removed') : kind === 'session' ? t('minutes', { n: value }) : formatMinor(value, 2, language));
}

/**
 * /app/myCenter/limits (issue 22; docs/RESPONSIBLE-PLAY.md "Limits"): every limit and period
 * with what its rolling window used and when it resets, the form to set, lower, raise or remove
 * a limit, the changes waiting for the member's confirmation (confirmable once due), and the
 * audit trail of every change.
 */
export function PlayLimitsPage() {
  return (
    <MemberCentre>
      <PlayLimits />
    </MemberCentre>
  );
}

function PlayLimits() {
  const t = usePageTexts(limitsTexts);
  const limits = usePlayLimits();
  return (
    <>
      <p>{t('intro')}</p>
      <LimitTable view={limits.view} t={t} />
      <LimitForm busy={limits.busy} onSet={limits.set} t={t} />
      <NoticeLine notice={limits.notice} t={t} />
      <ErrorLine error={limits.refusal ? limits.refusal.message : ''} />
      <PendingChanges pending={limits.view?.pending} busy={limits.busy} onConfirm={limits.confirm} onCancel={limits.cancel} t={t} />
      <AuditTrail entries={limits.audit} t={t} />
    </>
  );
}

function LimitTable({ view, t }: { view: PlayLimitsView | undefined; t: T }) {
  const valueText = useValueText(t);
  const language = useStore($language);
  return (
    <section aria-labelledby="limits-table-title">
      <h2 id="limits-table-title">{t('tableTitle')}</h2>
      {!view ? (
        <p className="content-loading">{t('loading')}</p>
      ) : (
        <table className="table" data-testid="limits-table">
          <caption className="visually-hidden">{t('tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('colLimit')}</th>
              <th scope="col">{t('colPeriod')}</th>
              <th scope="col">{t('colValue')}</th>
              <th scope="col">{t('colUsed')}</th>
              <th scope="col">{t('colLeft')}</th>
              <th scope="col">{t('colResets')}</th>
            </tr>
          </thead>
          <tbody>
            {LIMIT_SLOTS.map(({ kind, period }) => {
              const limit = limitOf(view, kind, period);
              const used = usedOf(view, kind, period);
              return (
                <tr key={`${kind}-${period}`} data-testid={`limit-${kind}-${period}`} data-value={limit?.value ?? ''}>
                  <th scope="row">{t(`kind_${kind}`)}</th>
                  <td>{t(`period_${period}`)}</td>
                  <td>{limit ? valueText(kind, limit.value) : t('noLimit')}</td>
                  <td>{used ? formatMinor(used.usedMinor, 2, language) : t('notWindowed')}</td>
                  <td>{limit?.leftMinor !== undefined && limit.leftMinor !== null ? formatMinor(limit.leftMinor, 2, language) : t('notWindowed')}</td>
                  <td>{used?.resetsAt ? <DateTime at={used.resetsAt} /> : t('notWindowed')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function LimitForm({ busy, onSet, t }: { busy: boolean; onSet: (kind: LimitKind, period: LimitPeriod, value: number | null) => Promise<boolean>; t: T }) {
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState('');
  const chooseKind = (next: LimitKind) => {
    setKind(next);
    setPeriod(periodsOf(next)[0]!);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = valueOf(kind, typed);
    if (value === null) return setInvalid(t(kind === 'session' ? 'minutesInvalid' : 'amountInvalid'));
    setInvalid('');
    void onSet(kind, period, value).then((ok) => ok && setTyped(''));
  };
  return (
    <section aria-labelledby="limits-set-title">
      <h2 id="limits-set-title">{t('setTitle')}</h2>
      <form className="form" onSubmit={submit} data-testid="limit-form" noValidate>
        <p>
          <label htmlFor="limit-kind">{t('kindLabel')}</label>{' '}
          <select id="limit-kind" value={kind} onChange={(event) => chooseKind(event.target.value as LimitKind)} data-testid="limit-kind">
            {LIMIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind_${k}`)}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor="limit-period">{t('periodLabel')}</label>{' '}
          <select id="limit-period" value={period} onChange={(event) => setPeriod(event.target.value as LimitPeriod)} data-testid="limit-period">
            {periodsOf(kind).map((p) => (
              <option key={p} value={p}>
                {t(`period_${p}`)}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor="limit-value">{t(kind === 'session' ? 'minutesLabel' : 'amountLabel')}</label>{' '}
          <input
            id="limit-value" inputMode="decimal" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)}
            aria-invalid={invalid ? true : undefined} aria-describedby={invalid ? 'limit-value-error' : undefined} data-testid="limit-value"
          />
        </p>
        {invalid ? (
          <p id="limit-value-error" className="error" role="alert">
            {invalid}
          </p>
        ) : null}
        <button className="button" type="submit" disabled={busy} data-testid="limit-save">
          {t('save')}
        </button>{' '}
        <button className="button button-quiet" type="button" disabled={busy} onClick={() => void onSet(kind, period, null)} data-testid="limit-remove">
          {t('remove')}
        </button>
      </form>
    </section>
  );
}

function NoticeLine({ notice, t }: { notice: LimitNotice | null; t: T }) {
  if (!notice) return null;
  return (
    <p role="status" data-testid="limit-notice" data-outcome={notice.kind}>
      {notice.kind === 'pending' ? <PendingSaved change={notice.change} t={t} /> : t(notice.kind)}
    </p>
  );
}

function PendingSaved({ change, t }: { change: PlayLimitChange; t: T }) {
  const language = useStore($language);
  const at = new Date(change.effectiveAt).toLocaleString(language === 'en' ? 'en-GB' : 'zh-CN');
  return <>{t('pendingSaved', { at })}</>;
}

function PendingChanges({ pending, busy, onConfirm, onCancel, t }: {
  pending: PlayLimitChange[] | undefined; busy: boolean; onConfirm: (id: number) => Promise<boolean>; onCancel: (id: number) => Promise<boolean>; t: T;
}) {
  const valueText = useValueText(t);
  return (
    <section aria-labelledby="limits-pending-title">
      <h2 id="limits-pending-title">{t('pendingTitle')}</h2>
      {pending && pending.length === 0 ? <p>{t('pendingNone')}</p> : null}
      <ul className="plain-list" data-testid="limit-pending">
        {(pending ?? []).map((change) => (
          <li key={change.id} data-testid={`pending-${change.kind}-${change.period}`} data-due={change.due}>
            <p>
              {t('pendingLine', {
                limit: t(`kind_${change.kind}`), period: t(`period_${change.period}`),
                from: change.fromValue === null ? t('noLimit') : valueText(change.kind, change.fromValue), to: valueText(change.kind, change.toValue),
              })}
            </p>
            {!change.due ? (
              <p>
                {t('dueFrom')}
                <DateTime at={change.effectiveAt} />
              </p>
            ) : null}
            <button className="button" type="button" disabled={busy} onClick={() => void onConfirm(change.id)} data-testid="pending-confirm">
              {t('confirm')}
            </button>{' '}
            <button className="button button-quiet" type="button" disabled={busy} onClick={() => void onCancel(change.id)} data-testid="pending-cancel">
              {t('cancel')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AuditTrail({ entries, t }: { entries: PlayLimitAuditEntry[] | undefined; t: T }) {
  const valueText = useValueText(t);
  return (
    <section aria-labelledby="limits-audit-title">
      <h2 id="limits-audit-title">{t('auditTitle')}</h2>
      {entries && entries.length === 0 ? <p>{t('auditNone')}</p> : null}
      {entries && entries.length > 0 ? (
        <table className="table" data-testid="limit-audit">
          <caption className="visually-hidden">{t('auditCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('colWhen')}</th>
              <th scope="col">{t('colWho')}</th>
              <th scope="col">{t('colAction')}</th>
              <th scope="col">{t('colLimit')}</th>
              <th scope="col">{t('colFrom')}</th>
              <th scope="col">{t('colTo')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-action={entry.action} data-actor={entry.actor}>
                <td>
                  <DateTime at={entry.at} />
                </td>
                <td>{t(`actor_${entry.actor}`)}</td>
                <td>{t(`action_${entry.action}`)}</td>
                <td>
                  {t(`kind_${entry.kind}`)} · {t(`period_${entry.period}`)}
                </td>
                <td>{entry.fromValue === null ? t('noLimit') : valueText(entry.kind, entry.fromValue)}</td>
                <td>{entry.toValue === null ? t('noLimit') : valueText(entry.kind, entry.toValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
