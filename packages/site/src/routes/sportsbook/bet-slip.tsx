import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, ODDS_CHANGE_POLICIES, type OddsChangePolicy } from '@lobby/sdk';
import { usePageTexts, type PageTextLookup } from '../../i18n/page-texts.js';
import { entryKey, lineCount, moveOf, offeredKinds, policyTakes, type SlipEntry, type SlipKind } from '../../modules/sportsbook/slip.js';
import { isLocked, type PlaceAnswer } from '../../modules/sportsbook/slip-store.js';
import { formatMinor } from '../../modules/wallet-amount.js';
import { useOddsFormat, useSlip, useSportsbook } from './context.js';
import { marketName, matchName, nameIn, oddsText } from './labels.js';
import { sportsbookTexts, type SportsbookTextKey } from './texts.js';

type Lookup = PageTextLookup<SportsbookTextKey>;

/** A slip kind's name: 'Accumulator (3-fold)', 'Trixie (4 bets)', '2-folds × 3 (2 from 3)'. */
export function kindName(t: Lookup, kind: SlipKind, legCount: number): string {
  if (kind === 'accumulator') return t('accumulator', { count: legCount });
  if (kind.startsWith('n_from_m:')) return t('nFromM', { size: kind.slice('n_from_m:'.length), count: legCount, lines: lineCount(legCount, kind) });
  return t(kind as 'single' | 'trixie' | 'yankee' | 'lucky15');
}

/** The bet slip: a labelled region with its selections, bet type, stake, policy, totals and the placement's answer. */
export function BetSlip({ onPlaced }: { onPlaced: (answer: PlaceAnswer) => void }) {
  const t = usePageTexts(sportsbookTexts);
  const { slip, signedIn } = useSportsbook();
  const state = useSlip();
  const id = useId();
  const totals = slip.totals();
  const blocker = slip.blocker();
  const placing = state.placement.state === 'placing';
  const unanswered = state.placement.state === 'failed';
  // While a placement may have been taken, the slip stays as it was sent (slip-store.ts isLocked).
  const locked = isLocked(state.placement);
  const answer = state.placement.state === 'done' ? state.placement.answer : null;
  const changed = !policyTakes(state.policy, state.entries) || state.entries.some((entry) => moveOf(entry) !== null);
  useEffect(() => {
    if (answer) onPlaced(answer);
  }, [answer, onPlaced]);
  return (
    <section className="bet-slip" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {t('slip')} <span className="slip-count">{state.entries.length}</span>
      </h2>
      {state.entries.length === 0 ? <p className="slip-empty">{t('slipEmpty')}</p> : null}
      <ul className="slip-legs">
        {state.entries.map((entry) => (
          <SlipLeg key={entryKey(entry)} entry={entry} locked={locked} />
        ))}
      </ul>
      {state.entries.length > 0 ? (
        <form
          className="slip-form"
          onSubmit={(event) => {
            event.preventDefault();
            void slip.place();
          }}
        >
          <fieldset className="slip-kinds" disabled={locked}>
            <legend>{t('betKind')}</legend>
            {offeredKinds(state.entries).map((kind) => (
              <label key={kind} className="slip-kind">
                <input type="radio" name={`${id}-kind`} value={kind} checked={state.kind === kind} onChange={() => slip.setKind(kind)} />
                {kindName(t, kind, state.entries.length)}
              </label>
            ))}
          </fieldset>
          <label className="slip-field">
            <span>{t('stakePerLine')}</span>
            <input type="text" inputMode="decimal" autoComplete="off" value={state.stakeText} readOnly={locked} onChange={(event) => slip.setStake(event.target.value)} />
          </label>
          <label className="slip-field">
            <span>{t('policy')}</span>
            <select value={state.policy} disabled={locked} onChange={(event) => slip.setPolicy(event.target.value as OddsChangePolicy)}>
              {ODDS_CHANGE_POLICIES.map((policy) => (
                <option key={policy} value={policy}>
                  {t(policy)}
                </option>
              ))}
            </select>
          </label>
          <dl className="slip-totals">
            <dt>{t('lines')}</dt>
            <dd data-total="lines">{totals.lines}</dd>
            <dt>{t('totalStake')}</dt>
            <dd data-total="stake">{formatMinor(totals.stakeMinor, 2)}</dd>
            <dt>{t('potentialPayout')}</dt>
            <dd data-total="payout">{formatMinor(totals.payoutMinor, 2)}</dd>
          </dl>
          {changed && !locked ? (
            <button type="button" className="button secondary" onClick={() => slip.acceptPrices()}>
              {t('acceptPrices')}
            </button>
          ) : null}
          {!signedIn ? <p className="slip-note">{t('signInToBet')}</p> : null}
          {signedIn && !locked && blocker && blocker !== 'empty' && state.stakeText !== '' ? <p className="slip-note">{blockerText(t, blocker)}</p> : null}
          {locked && !placing ? (
            <p className="slip-note" data-testid="slip-locked">
              {t('slipLocked')}
            </p>
          ) : null}
          <div className="slip-actions">
            {/* A retry is the same slip whatever moved since: the server answers the first placement or decides it anew. */}
            <button type="submit" className="button" disabled={!(signedIn && (unanswered || (!locked && blocker === null)))}>
              {placing ? t('placing') : unanswered ? t('retry') : t('place')}
            </button>
            {unanswered ? (
              <button type="button" className="button secondary" onClick={() => void slip.checkPlaced()}>
                {t('checkBets')}
              </button>
            ) : null}
            <button type="button" className="button secondary" disabled={locked} onClick={() => slip.clear()}>
              {t('clear')}
            </button>
          </div>
        </form>
      ) : null}
      <PlacementNote />
    </section>
  );
}

function blockerText(t: Lookup, blocker: NonNullable<ReturnType<ReturnType<typeof useSportsbook>['slip']['blocker']>>): string {
  if (blocker === 'closed') return t('blockedClosed');
  if (blocker === 'priceChanged') return t('blockedPrice');
  if (blocker === 'empty') return t('slipEmpty');
  return t(blocker);
}

/** One selection on the slip, with its price move since the member agreed to it. */
function SlipLeg({ entry, locked }: { entry: SlipEntry; locked: boolean }) {
  const t = usePageTexts(sportsbookTexts);
  const language = useStore($language);
  const format = useOddsFormat();
  const { slip } = useSportsbook();
  const move = moveOf(entry);
  const selection = nameIn(language, entry);
  return (
    <li className={entry.open ? 'slip-leg' : 'slip-leg suspended'} data-fixture={entry.fixtureId}>
      <span className="slip-match">{matchName(t, language, entry)}</span>
      <span className="slip-market">{marketName(t, { type: entry.marketType, line: entry.line })}</span>
      <span className="slip-selection">
        {selection} <strong className="slip-odds">{oddsText(entry.odds, format)}</strong>
        {move ? (
          <span className={`price-move ${move}`}>
            {' '}
            {move === 'up' ? '▲' : '▼'}
            <span className="visually-hidden">{t(move === 'up' ? 'priceUp' : 'priceDown', { from: oddsText(entry.seenOdds, format), to: oddsText(entry.odds, format) })}</span>
          </span>
        ) : null}
        {!entry.open ? <span className="slip-state"> ({t('suspended')})</span> : null}
      </span>
      <button type="button" className="slip-remove" disabled={locked} aria-label={t('removeOf', { selection: `${matchName(t, language, entry)} ${selection}` })} onClick={() => slip.remove(entryKey(entry))}>
        ×
      </button>
    </li>
  );
}

/** The placement's answer: accepted, the in-play countdown, refused with its reason, or a failure to retry. */
function PlacementNote() {
  const t = usePageTexts(sportsbookTexts);
  const { slip, api } = useSportsbook();
  const state = useSlip();
  const placement = state.placement;
  const answer = placement.state === 'done' ? placement.answer : null;
  if (placement.state === 'failed') {
    return (
      <p className="notice error slip-answer" role="alert">
        {t('failed', { reason: placement.message ?? t('unansweredBeforeReload') })}
      </p>
    );
  }
  if (placement.state === 'checking') {
    return (
      <p className="notice slip-answer" role="status">
        {t('checkingBets')}
      </p>
    );
  }
  if (placement.state === 'notTaken') {
    return (
      <p className="notice slip-answer" role="status">
        {t('notTaken')}
      </p>
    );
  }
  if (!answer) return null;
  if (answer.state === 'pending') return <PendingNote answer={answer} decide={() => api.decide(answer.betIds).then((next) => slip.decided(next))} />;
  if (answer.state === 'accepted') {
    return (
      <div className="notice slip-answer accepted" role="status">
        <p>{t('accepted', { ids: answer.betIds.join(', ') })}</p>
        <button type="button" className="button secondary" onClick={() => slip.reset()}>
          {t('newSlip')}
        </button>
      </div>
    );
  }
  return (
    <p className="notice error slip-answer" role="alert">
      {answer.code === 'oddsChanged' ? t('refusedPrice', { reason: answer.message }) : answer.code === 'rejected' ? t('rejected', { reason: answer.message }) : t('refused', { reason: answer.message })}
    </p>
  );
}

/** The in-play delay's countdown; at its end the bets' final state is asked for. */
function PendingNote({ answer, decide }: { answer: Extract<PlaceAnswer, { state: 'pending' }>; decide: () => Promise<void> }) {
  const t = usePageTexts(sportsbookTexts);
  const [now, setNow] = useState(Date.now());
  const left = Math.max(0, Math.ceil((answer.decidesAtMs - now) / 1000));
  useEffect(() => {
    if (left <= 0) {
      // The server decides at the end of the delay; ask until it has (a second apart).
      const timer = setTimeout(() => void decide().catch(() => setNow(Date.now())), 1000);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, now, decide]);
  return (
    <p className="notice slip-answer pending" role="status">
      {left > 0 ? t('pending', { seconds: left }) : t('pendingDone')}
    </p>
  );
}
