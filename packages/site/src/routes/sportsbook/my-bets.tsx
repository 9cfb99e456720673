import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, ApiError, errorMessage, formatDateTime, t as sdkText, type CallResponse, type sportsCashOutQuote } from '@lobby/sdk';
import { usePageTexts, type PageTextLookup } from '../../i18n/page-texts.js';
import type { SportsBet } from '../../modules/sportsbook/sportsbook-api.js';
import { formatMinor } from '../../modules/wallet-amount.js';
import { useOddsFormat, useSportsbook } from './context.js';
import { marketName, matchName, nameIn, oddsText } from './labels.js';
import { kindName } from './bet-slip.js';
import { sportsbookTexts, type SportsbookTextKey } from './texts.js';
import { PageButtons } from '../../modules/page-buttons.js';
import { ErrorLine } from '../../modules/error-line.js';
import { refusalOf, type Refusal } from '../../modules/refusal.js';

type Lookup = PageTextLookup<SportsbookTextKey>;
type Quote = CallResponse<typeof sportsCashOutQuote>;

/** Bets a page of "my bets" shows. */
export const BET_PAGE_SIZE = 10;

const STATUS_TEXT: Record<SportsBet['status'], SportsbookTextKey> = {
  pending: 'betPending',
  open: 'betOpen',
  settled: 'betSettled',
  void: 'betVoid',
  rejected: 'betRejected',
  cashed_out: 'betCashedOut',
};
const OUTCOME_TEXT: Record<NonNullable<SportsBet['outcome']>, SportsbookTextKey> = { won: 'betWon', lost: 'betLost', void: 'betVoid', partial: 'betPartial' };
const LEG_TEXT: Record<SportsBet['legs'][number]['state'], SportsbookTextKey> = {
  open: 'legOpen',
  won: 'legWon',
  lost: 'legLost',
  half_won: 'legHalfWon',
  half_lost: 'legHalfLost',
  void: 'legVoid',
};

/** A bet's state in words: open, pending, or its settled outcome. */
function statusText(t: Lookup, bet: SportsBet): string {
  if (bet.status === 'settled' && bet.outcome) return t(OUTCOME_TEXT[bet.outcome]);
  return t(STATUS_TEXT[bet.status]);
}

/**
 * Why the bets could not be read, in the member's language: the error catalogue's message of
 * the refusal's code (a lapsed login, a refused venue, no answer), as every page words a
 * refusal, not one "server busy" for all.
 *
 * @example betsFailureText(refusalOf(failure), 'en') // 'Please log in again'
 */
export function betsFailureText(refusal: Refusal, language: string): string {
  return errorMessage(refusal.code, refusal.serverMessage, language);
}

/** The member's open and settled bets at this venue, with legs, results, resettlement reasons and cash-out. */
export function MyBets({ reloadKey, onBalance }: { reloadKey: number; onBalance: (minor: number) => void }) {
  const t = usePageTexts(sportsbookTexts);
  const { api, signedIn } = useSportsbook();
  const language = useStore($language);
  const [state, setState] = useState<'open' | 'settled'>('open');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  // A cash-out's answer outlives its bet's row: the bet leaves the open list when it is paid.
  const [cashedNote, setCashedNote] = useState('');
  const [list, setList] = useState<{ bets: SportsBet[]; total: number } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api.bets(state, page, BET_PAGE_SIZE).then(
      (answer) => live && (setList({ bets: answer.bets, total: answer.total }), setRefusal(null)),
      (failure: unknown) => live && setRefusal(refusalOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [api, signedIn, state, page, version, reloadKey]);
  const error = refusal ? betsFailureText(refusal, language) : '';
  if (!signedIn) return <p className="notice">{t('signInForBets')}</p>;
  const pages = list ? Math.max(1, Math.ceil(list.total / BET_PAGE_SIZE)) : 1;
  return (
    <section className="my-bets" aria-labelledby="my-bets-title">
      <div className="my-bets-head">
        <h2 id="my-bets-title">{t('myBets')}</h2>
        <div className="game-tabs" role="group" aria-label={t('myBets')}>
          {(['open', 'settled'] as const).map((name) => (
            <button key={name} type="button" className="tab-button" aria-pressed={state === name} onClick={() => (setState(name), setPage(1), setList(null))}>
              {t(name === 'open' ? 'openBets' : 'settledBets')}
            </button>
          ))}
        </div>
        <button type="button" className="button secondary" onClick={() => setVersion((value) => value + 1)}>
          {t('refresh')}
        </button>
      </div>
      {cashedNote ? (
        <p className="notice" role="status">
          {cashedNote}
        </p>
      ) : null}
      <ErrorLine error={error} />
      {!list && !error ? <p className="page-loading">{t('loading')}</p> : null}
      {list && list.bets.length === 0 ? <p className="notice">{t('noBets')}</p> : null}
      {list && list.bets.length > 0 ? (
        <ul className="bet-list">
          {list.bets.map((bet) => (
            <BetItem key={`${bet.betId}/${bet.version}`} bet={bet} onCashedOut={(minor, note) => (onBalance(minor), setCashedNote(note), setVersion((value) => value + 1))} />
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <PageButtons className="game-paging" label={t('myBets')} page={page} pages={pages} pageOf={t('pageOf', { page, pages })} previous={t('previous')} next={t('next')} onPage={setPage} />
      ) : null}
    </section>
  );
}

function BetItem({ bet, onCashedOut }: { bet: SportsBet; onCashedOut: (balanceMinor: number, note: string) => void }) {
  const t = usePageTexts(sportsbookTexts);
  const language = useStore($language);
  const format = useOddsFormat();
  const kind = bet.betKind === 'n_from_m' ? (`n_from_m:${bet.size ?? 2}` as const) : bet.betKind;
  return (
    <li className={`bet-item ${bet.status}`} data-bet={bet.betId} aria-label={t('betNo', { id: bet.betId })}>
      <div className="bet-head">
        <strong>{kindName(t, kind, bet.legs.length)}</strong>
        <span className="bet-status" data-status={bet.status}>
          {statusText(t, bet)}
        </span>
        <span className="bet-id">{t('betNo', { id: bet.betId })}</span>
      </div>
      <ul className="bet-legs">
        {bet.legs.map((leg) => (
          <li key={`${leg.fixtureId}/${leg.marketId}/${leg.selectionId}`} className={`bet-leg ${leg.state}`}>
            <span>{matchName(t, language, leg)}</span> <span>{marketName(t, { type: leg.marketType, line: leg.line })}</span>{' '}
            <span>
              {nameIn(language, leg)} @ {oddsText(leg.odds, format)}
            </span>{' '}
            <span className="leg-state">{t(LEG_TEXT[leg.state])}</span>
          </li>
        ))}
      </ul>
      <dl className="bet-figures">
        <dt>{t('placedAt')}</dt>
        <dd>{formatDateTime(bet.placedAt, language)}</dd>
        <dt>{t('stake')}</dt>
        <dd>{formatMinor(bet.stakeMinor, 2)}</dd>
        <dt>{bet.payoutMinor === null ? t('potential') : t('payout')}</dt>
        <dd data-payout>{formatMinor(bet.payoutMinor ?? bet.potentialPayoutMinor, 2)}</dd>
      </dl>
      {bet.resettled ? <p className="bet-reason">{t('resettled', { reason: bet.reason })}</p> : null}
      {bet.status === 'open' ? <CashOut bet={bet} onCashedOut={onCashedOut} /> : null}
    </li>
  );
}

/** The cash-out offer of an open bet: the quoted value, or why none is offered now (suspended). */
function CashOut({ bet, onCashedOut }: { bet: SportsBet; onCashedOut: (balanceMinor: number, note: string) => void }) {
  const t = usePageTexts(sportsbookTexts);
  const { api } = useSportsbook();
  const [quote, setQuote] = useState<Quote | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api.quote(bet.betId).then(
      (answer) => live && setQuote(answer),
      () => live && setQuote(null),
    );
    return () => {
      live = false;
    };
  }, [api, bet.betId, bet.version]);
  if (!quote) return null;
  if (!quote.available) return quote.reason === 'suspended' ? <p className="cash-out-note">{t('cashOutSuspended')}</p> : null;
  const amount = formatMinor(quote.valueMinor, 2);
  async function cashOut(valueMinor: number) {
    setBusy(true);
    try {
      const answer = await api.cashOut(bet.betId, valueMinor);
      onCashedOut(answer.balanceMinor, t('cashOutDone', { amount: formatMinor(answer.valueMinor, 2) }));
    } catch (failure) {
      setNote(t('cashOutFailed', { reason: failure instanceof ApiError ? failure.message : sdkText('requestFailed') }));
      setQuote(await api.quote(bet.betId).catch(() => null));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="cash-out">
      <button type="button" className="button" disabled={busy} aria-label={t('cashOutOf', { id: bet.betId, amount })} onClick={() => void cashOut(quote.valueMinor)}>
        {t('cashOut', { amount })}
      </button>
      {note ? (
        <p className="notice" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
