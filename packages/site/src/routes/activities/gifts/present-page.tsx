import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session, CODE, toMinor, type GiftBoard, type GiftEntry, type GiftKind, type GiftTaken } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts, type PageTextLookup } from '../../../i18n/page-texts.js';
import { ErrorLine, RefusalLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ClaimButton, NotBuiltYet, useClaim, type LoadedActivity } from '../shared/index.js';
import { ReceiverAddressPanel } from './address-form.js';
import { installGiftStyles } from './gift-styles.js';
import { TopGiftRanking } from './top-gift-ranking.js';
import { giftTexts } from './texts.js';
import { GIFT_CALLS, isGiftKind, useGiftBoard, useLuxuryReminders } from './use-gift-board.js';

type Text = PageTextLookup<keyof (typeof giftTexts)['en']>;
const yuan = (value: number) => formatMinor(toMinor(value, 2), 2);
const MONEY_BASES = new Set(['turnover', 'deposit', 'firstDeposit', 'yuebao', 'dailyTurnover']);

/** A tier figure in words: yuan for money bases, a level or points otherwise. */
function figure(basis: string, value: number): string {
  return MONEY_BASES.has(basis) ? yuan(value) : String(value);
}

function needOf(gift: GiftEntry, text: Text): string {
  if (gift.basis === 'firstDeposit') return text('firstDepositNeed', { value: figure(gift.basis, gift.threshold) });
  if (gift.basis === 'vipLevel') return text('needLevel', { value: gift.threshold });
  if (gift.basis === 'points') return text('needPoints', { value: gift.threshold });
  return text('needMoney', { basis: text(`basis_${gift.basis}`), value: figure(gift.basis, gift.threshold) });
}

/**
 * /app/present/{activityId}: the gift board of any gift activity (present, super gift, promo
 * v2, happy send, luxury exchange, top gift): the progress bar, the points of an exchange,
 * every gift with its tier, the member's figure and a take (or exchange) button with the
 * terms version; the receiver address for real gifts; the top gift's ranking.
 */
export function PresentView({ load }: { load: LoadedActivity }) {
  const kind = load.detail.kind;
  if (!isGiftKind(kind)) return <NotBuiltYet load={load} what={kind} />;
  return <GiftBoardView load={load} kind={kind} />;
}

function GiftBoardView({ load, kind }: { load: LoadedActivity; kind: GiftKind }) {
  installGiftStyles();
  const { client } = useLobby();
  const text = usePageTexts(giftTexts);
  const session = useStore($session);
  const [attempt, setAttempt] = useState(0);
  const reloadActivity = load.reload;
  const afterAnswer = useCallback(() => {
    reloadActivity();
    setAttempt((value) => value + 1);
  }, [reloadActivity]);
  const { board, error } = useGiftBoard(kind, load.detail.id, attempt);
  const { claim, busy, refusal } = useClaim(afterAnswer);
  const [done, setDone] = useState('');
  const [addressAsked, setAddressAsked] = useState(false);
  const onAddress = useCallback((saved: boolean) => setAddressAsked(!saved), []);
  const reminders = useLuxuryReminders(kind === 'luxury_gift' && !!session, load.detail.id, attempt);

  async function take(gift: GiftEntry, termsVersion: number) {
    setDone('');
    const request = { activityId: load.detail.id, giftId: gift.id, termsVersion };
    const answer: GiftTaken | undefined = await claim(request, (idempotencyKey) => client.call(GIFT_CALLS[kind].take, request, { idempotencyKey }));
    if (!answer) return;
    setDone(gift.category === 2 ? text('takenMoney', { money: yuan(answer.amount) }) : gift.category === 1 ? text('takenReal') : text('takenVirtual'));
  }

  if (!board) return <ActivityFrame load={load}>{error ? <ErrorLine error={error} /> : <p className="content-loading">…</p>}</ActivityFrame>;
  const live = board.status === 1 && !load.detail.paused;
  const hasReal = board.giftList.some((gift) => gift.category === 1);
  const missingAddress = refusal?.code === CODE.giftAddressMissing;
  return (
    <ActivityFrame load={load}>
      <ProgressPanel board={board} />
      <section className="activity-panel activity-claim" aria-labelledby="gift-list-title">
        <h2 id="gift-list-title">{board.activityTabTitle || text('gifts')}</h2>
        {!session ? <p>{text('logIn')}</p> : null}
        {session && !live ? <p>{text('notLive')}</p> : null}
        <p className="gift-summary">
          {text('takenCount', { count: board.exchangeGift })}
          {board.maxGift > 0 ? ` · ${text('maxGift', { count: board.maxGift })}` : ''}
        </p>
        <ul className="gift-list">
          {board.giftList.map((gift) => (
            <GiftCard key={gift.id} gift={gift} kind={kind} termsVersion={board.termsVersion} busy={busy} disabled={!session || !live} onTake={(version) => void take(gift, version)}>
              {kind === 'luxury_gift' && session && live && gift.status === 0 ? (
                <RemindLine reminded={reminders.reminded.has(gift.id)} missing={Math.max(0, gift.threshold - board.points.balance)} busy={reminders.sending !== ''} onRemind={() => reminders.remind(gift.id)} />
              ) : null}
            </GiftCard>
          ))}
        </ul>
        {done ? (
          <p className="notice activity-done" role="status">
            {done}
          </p>
        ) : null}
        <ErrorLine error={reminders.refusal} />
        <RefusalLine refusal={refusal} />
        {session && hasReal ? (
          <section className="gift-ship" aria-labelledby="gift-address-title">
            <h3 id="gift-address-title">{text('address')}</h3>
            {missingAddress || addressAsked ? <p>{text('needAddress')}</p> : null}
            <ReceiverAddressPanel onAddress={onAddress} />
            <p>
              <Link to="/app/gift-apply/get/modal">{text('applications')}</Link>
            </p>
          </section>
        ) : null}
      </section>
      {kind === 'top_gift' ? <TopGiftRanking activityId={load.detail.id} attempt={attempt} termsVersion={board.termsVersion} /> : null}
    </ActivityFrame>
  );
}

function ProgressPanel({ board }: { board: GiftBoard }) {
  const text = usePageTexts(giftTexts);
  const bar = board.activityProgressBarConfig;
  const top = bar.steps.at(-1)?.value ?? 0;
  return (
    <section className="activity-panel" aria-labelledby="gift-progress-title">
      <h2 id="gift-progress-title">{text('progress')}</h2>
      {board.kind === 'luxury_gift' || board.kind === 'top_gift' ? (
        <p className="gift-points">{text('points', { balance: board.points.balance, earned: board.points.earned, spent: board.points.spent })}</p>
      ) : null}
      <p>
        {text(`basis_${bar.basis}`)}: <span className="gift-progress-done">{text('progressDone', { done: figure(bar.basis, bar.done), top: figure(bar.basis, top) })}</span>
      </p>
      <progress className="gift-progress" max={100} value={bar.percent} aria-label={text('progress')} />
      <ol className="gift-steps">
        {bar.steps.map((step) => (
          <li key={step.giftId}>{figure(bar.basis, step.value)}</li>
        ))}
      </ol>
    </section>
  );
}

/** A luxury gift not reached yet: "remind me", or the reminder set with the points still missing. */
function RemindLine(props: { reminded: boolean; missing: number; busy: boolean; onRemind: () => void }) {
  const text = usePageTexts(giftTexts);
  if (!props.reminded) {
    return (
      <button className="button secondary" type="button" disabled={props.busy} onClick={props.onRemind} data-gift-remind>
        {text('remind')}
      </button>
    );
  }
  return (
    <p className="gift-reminded" role="status" data-gift-reminded>
      {props.missing > 0 ? text('reminded', { missing: props.missing }) : text('remindedReady')}
    </p>
  );
}

function GiftCard(props: { gift: GiftEntry; kind: GiftKind; termsVersion: number; busy: boolean; disabled: boolean; onTake: (termsVersion: number) => void; children?: ReactNode }) {
  const text = usePageTexts(giftTexts);
  const { gift } = props;
  const exchange = gift.basis === 'points';
  return (
    <li className={`gift-card status-${gift.status}`} data-gift-id={gift.id} data-gift-status={gift.status}>
      {gift.imgUrls[0] ? <img src={gift.imgUrls[0]} alt="" width={240} height={120} loading="lazy" /> : null}
      <h3>{gift.giftName}</h3>
      <p className="gift-category">
        {text(`category${gift.category}`)}
        {gift.category === 2 ? ` · ${yuan(gift.giftMoney)}` : ''}
      </p>
      {gift.giftProperties ? <p>{gift.giftProperties}</p> : null}
      <p className="gift-need">{needOf(gift, text)}</p>
      <p className="gift-mine">{text('mine', { value: figure(gift.basis, gift.progress) })}</p>
      {gift.applicationStatus !== null ? <p className="gift-application">{text(`status${gift.applicationStatus as 0 | 1 | 2 | 3 | 4}`)}</p> : null}
      {gift.status === 2 ? (
        <p className="gift-state">{text('taken')}</p>
      ) : (
        <ClaimButton termsVersion={props.termsVersion} busy={props.busy} disabled={props.disabled || gift.status !== 1} onClaim={props.onTake}>
          {gift.status === 1 ? (exchange ? text('exchange') : text('take')) : text('locked')}
        </ClaimButton>
      )}
      {props.children}
    </li>
  );
}
