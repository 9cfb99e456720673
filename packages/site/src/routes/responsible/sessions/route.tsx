import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, REALITY_CHECK_INTERVALS, type PlayHistoryMonth, type RealityCheckInterval } from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { MemberCentre } from '../../member-centre/member-centre.js';
import { SessionClock } from './session-clock.js';
import { $playSession } from './session-store.js';
import { sessionTexts } from './texts.js';
import { PLAY_HISTORY_PATH } from './use-reality-check.js';
import { useIntervalSetting, usePlayHistory } from './use-play-history.js';

type Text = ReturnType<typeof usePageTexts<keyof (typeof sessionTexts)['en']>>;

/**
 * /app/myCenter/realityCheck (issue 22; docs/RESPONSIBLE-PLAY.md): the member's
 * reality-check interval and the session now (started, elapsed, stakes, paid back, net
 * result, next reality check, session-time limit).
 */
export function RealityCheckPage() {
  return (
    <MemberCentre>
      <RealityCheck />
    </MemberCentre>
  );
}

function RealityCheck() {
  const t = usePageTexts(sessionTexts);
  const language = useStore($language);
  const state = useStore($playSession);
  const { save, saving, saved, error } = useIntervalSetting();
  const [choice, setChoice] = useState<RealityCheckInterval | null>(null);
  // The member's choice stands until it is saved: a session read landing meanwhile does not undo it.
  const current = choice ?? state?.view.intervalMinutes ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(current).then((done) => done && setChoice(null));
  };
  const money = (minor: number) => formatMinor(minor, 2, language);
  return (
    <>
      <p>{t('intro')}</p>
      <form className="form" onSubmit={submit}>
        <label htmlFor="reality-interval">{t('interval')}</label>{' '}
        <select id="reality-interval" value={current} onChange={(event) => setChoice(Number(event.target.value) as RealityCheckInterval)} data-testid="reality-interval">
          {REALITY_CHECK_INTERVALS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 0 ? t('off') : t('minutes', { n: minutes })}
            </option>
          ))}
        </select>{' '}
        <button className="button" type="submit" disabled={saving} data-testid="reality-save">
          {t('save')}
        </button>
        {saved ? (
          <span role="status" data-testid="reality-saved">
            {' '}
            {t('saved')}
          </span>
        ) : null}
        <ErrorLine error={error} />
      </form>
      <h2>{t('sessionNow')}</h2>
      {!state ? (
        <p className="content-loading">{t('loading')}</p>
      ) : (
        <dl className="facts" data-testid="session-now">
          <dt>{t('started')}</dt>
          <dd>
            <DateTime at={state.view.startedAt} />
          </dd>
          <dt>{t('duration')}</dt>
          <dd>
            <SessionClock />
          </dd>
          <dt>{t('stakes')}</dt>
          <dd>{money(state.view.stakesMinor)}</dd>
          <dt>{t('wins')}</dt>
          <dd>{money(state.view.winsMinor)}</dd>
          <dt>{t('net')}</dt>
          <dd data-testid="session-net">{money(state.view.netMinor)}</dd>
          <dt>{t('nextPrompt')}</dt>
          <dd data-testid="next-prompt">{state.view.nextPromptAt ? <DateTime at={state.view.nextPromptAt} /> : t('none')}</dd>
          <dt>{t('sessionLimit')}</dt>
          <dd>
            {state.view.sessionLimitMinutes ? (
              t('minutes', { n: state.view.sessionLimitMinutes })
            ) : (
              <>
                {t('none')} (<Link to="/app/myCenter/limits">{t('limitSetHint')}</Link>)
              </>
            )}
          </dd>
        </dl>
      )}
      <p>
        <Link to={PLAY_HISTORY_PATH}>{t('historyLink')}</Link>
      </p>
    </>
  );
}

/**
 * /app/myCenter/playHistory (issue 22, item 5): 12 months of deposits, withdrawals, bets
 * and net result by month with totals, and the 6-monthly review's acknowledgement.
 */
export function PlayHistoryPage() {
  return (
    <MemberCentre>
      <PlayHistory />
    </MemberCentre>
  );
}

function PlayHistory() {
  const t = usePageTexts(sessionTexts);
  const { history, error, reviewed, review } = usePlayHistory();
  return (
    <>
      <p>{t('historyIntro')}</p>
      <ErrorLine error={error} />
      {history?.reviewDue ? (
        <div className="notice" data-testid="review-due">
          <h2>{t('reviewTitle')}</h2>
          <p>{t('reviewText')}</p>
          <button className="button" type="button" onClick={review} data-testid="review-done">
            {t('reviewDone')}
          </button>
        </div>
      ) : null}
      {reviewed ? (
        <p role="status" data-testid="review-recorded">
          {t('reviewed')} <DateTime at={reviewed} />
        </p>
      ) : null}
      {!history ? (
        error ? null : <p className="content-loading">{t('loading')}</p>
      ) : (
        <>
          <HistoryTable months={history.months} totals={history.totals} t={t} />
          {!history.reviewDue ? (
            <p>
              {t('reviewDueAt')} <DateTime at={history.reviewDueAt} />
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

function HistoryTable({ months, totals, t }: { months: PlayHistoryMonth[]; totals: PlayHistoryMonth; t: Text }) {
  const language = useStore($language);
  const money = (minor: number) => formatMinor(minor, 2, language);
  // The USDT columns show only for a member who moved USDT in these 12 months.
  const usdt = totals.depositsUsdtMinor > 0 || totals.withdrawalsUsdtMinor > 0;
  const usdtMoney = (minor: number) => formatMinor(minor, 6, language);
  const cells = (row: PlayHistoryMonth) => (
    <>
      <td>{money(row.depositsMinor)}</td>
      {usdt ? <td>{usdtMoney(row.depositsUsdtMinor)}</td> : null}
      <td>{money(row.withdrawalsMinor)}</td>
      {usdt ? <td>{usdtMoney(row.withdrawalsUsdtMinor)}</td> : null}
      <td>{row.betCount}</td>
      <td>{money(row.stakesMinor)}</td>
      <td>{money(row.winsMinor)}</td>
      <td>{money(row.netMinor)}</td>
    </>
  );
  return (
    <table className="wallet-table" data-testid="play-history">
      <caption>{t('historyCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('month')}</th>
          <th scope="col">{t('deposits')}</th>
          {usdt ? <th scope="col">{t('depositsUsdt')}</th> : null}
          <th scope="col">{t('withdrawals')}</th>
          {usdt ? <th scope="col">{t('withdrawalsUsdt')}</th> : null}
          <th scope="col">{t('bets')}</th>
          <th scope="col">{t('stakes')}</th>
          <th scope="col">{t('wins')}</th>
          <th scope="col">{t('net')}</th>
        </tr>
      </thead>
      <tbody>
        {months.map((row) => (
          <tr key={row.month} data-month={row.month}>
            <th scope="row">{row.month}</th>
            {cells(row)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('total')}</th>
          {cells(totals)}
        </tr>
      </tfoot>
    </table>
  );
}
