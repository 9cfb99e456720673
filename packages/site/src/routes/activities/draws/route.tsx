import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import {
  $session, drawGiftDraw, drawGiftInfo, raffleInfo, raffleRanking, raffleTickets, raffleTicketsReceive, spinWheelDraw, spinWheelInfo, spinWheelReceive,
  type DrawAward, type DrawGiftInfo, type DrawPaid, type DrawWindowView, type RaffleInfo, type SpinWheelInfo,
} from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine, RefusalLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ActivityShell, ClaimButton, activityIdOf, useClaim, type LoadedActivity } from '../shared/index.js';
import { installDrawStyles } from './draw-styles.js';
import { FairRecords } from './fair-verify.js';
import { drawTexts } from './texts.js';
import { useRead } from './use-draws.js';

type Text = ReturnType<typeof usePageTexts<keyof (typeof drawTexts)['en']>>;
const money = (minor: number) => formatMinor(minor, 2);
const percent = (awards: DrawAward[], award: DrawAward) => {
  const total = awards.reduce((sum, entry) => sum + entry.weight, 0);
  return total > 0 ? ((award.weight * 100) / total).toFixed(2) : '0';
};

/**
 * /app/drawGift/{id}: the draw gift (issue 20; docs/PROMO-FAIRNESS.md), and the spin wheel,
 * which the spec gives no route of its own (an activity of kind spin_wheel opens here).
 */
export function DrawGiftPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => (load.detail.kind === 'spin_wheel' ? <Wheel load={load} /> : <DrawGift load={load} />)}</ActivityShell>;
}

/** The open window, its published seed hash, and the next window. */
function WindowLines({ window, next, text }: { window: DrawWindowView | null; next: DrawWindowView | null; text: Text }) {
  return (
    <>
      {window ? (
        <>
          <span>
            {text('window')}
            <DateTime at={window.lotteryStart} /> – <DateTime at={window.lotteryEnd} />
          </span>
          <span className="draw-hash">
            {text('seedHash')}
            {window.seedHash}
          </span>
        </>
      ) : (
        <span>{text('noWindow')}</span>
      )}
      {next ? (
        <span className="hint">
          {text('nextWindow')}
          <DateTime at={next.lotteryStart} />
        </span>
      ) : null}
    </>
  );
}

function wonLine(paid: DrawPaid, text: Text): string {
  return paid.record.amountMinor > 0 ? text('youWon', { award: paid.record.awardName, money: money(paid.record.amountMinor) }) : text('youWonNothing', { award: paid.record.awardName });
}

function DrawGift({ load }: { load: LoadedActivity }) {
  installDrawStyles();
  const text = usePageTexts(drawTexts);
  const { client } = useLobby();
  const id = load.detail.id;
  const [version, setVersion] = useState(0);
  const info = useRead((c) => c.call(drawGiftInfo, { id }), `gift:${id}:${version}`);
  const after = useCallback(() => setVersion((value) => value + 1), []);
  const { claim, busy, refusal } = useClaim(after);
  const [won, setWon] = useState<DrawPaid | null>(null);
  const draw = (termsVersion: number) => {
    setWon(null);
    void claim({ draw: id, termsVersion }, (key) => client.call(drawGiftDraw, { id, termsVersion }, { idempotencyKey: key })).then((answer) => answer && setWon(answer));
  };
  const data: DrawGiftInfo | undefined = info.data;
  return (
    <ActivityFrame load={load} showClaims={false}>
      <ErrorLine error={info.error} />
      {!data ? <p className="content-loading">{text('loading')}</p> : (
        <section className="activity-panel" aria-labelledby="draw-awards-title">
          <h2 id="draw-awards-title">{text('awards')}</h2>
          <ul className="draw-awards">
            {data.awards.map((award) => (
              <li key={award.index} className="draw-award" data-award={award.index} {...(won?.record.fair.result === award.index ? { 'data-won': '' } : {})}>
                <span>{award.name}</span>
                <span>{award.amountMinor > 0 ? text('money', { money: money(award.amountMinor) }) : text('thanks')}</span>
                <span className="hint">{text('chance', { percent: percent(data.awards, award) })}</span>
              </li>
            ))}
          </ul>
          <div className="draw-facts">
            <WindowLines window={data.window} next={data.nextWindow} text={text} />
            <span>{text('moneyEach', { money: money(data.moneyEachMinor), max: data.maxDrawsPerWindow })}</span>
            {data.depositRequirementMinor > 0 ? <span>{text('depositRequirement', { money: money(data.depositRequirementMinor) })}</span> : null}
            {data.minVipLevel !== null ? <span>{text('vipLevel', { level: data.minVipLevel })}</span> : null}
            {data.vipHint ? <span className="hint">{data.vipHint}</span> : null}
            {data.mine ? (
              <span className="draw-mine">{text('myDeposits', { money: money(data.mine.depositsMinor), earned: data.mine.earned, used: data.mine.used, left: data.mine.left })}</span>
            ) : <span>{text('logIn')}</span>}
            {data.mine?.reason ? <span className="hint">{data.mine.reason}</span> : null}
          </div>
          {data.mine ? (
            <ClaimButton termsVersion={data.termsVersion} busy={busy} disabled={data.mine.left === 0} onClaim={draw}>
              {text('drawNow')}
            </ClaimButton>
          ) : null}
          {won ? <p className="notice draw-result" role="status">{wonLine(won, text)}</p> : null}
          <RefusalLine refusal={refusal} />
        </section>
      )}
      <FairRecords activityId={id} version={version} title={text('records')} />
    </ActivityFrame>
  );
}

/** The wheel: segments laid round a disc that turns (CSS transition) to land the won segment under the pointer. */
function WheelDisc({ segments, landed, turns }: { segments: DrawAward[]; landed: number | null; turns: number }) {
  const disc = useRef<HTMLDivElement>(null);
  const step = 360 / segments.length;
  useEffect(() => {
    if (!disc.current || landed === null) return;
    // Segment i's centre sits at i * step clockwise from the top; turning the disc by -(i * step) brings it under the pointer, plus whole turns.
    disc.current.style.setProperty('--wheel-turn', `${turns * 360 * 4 - landed * step}deg`);
  }, [landed, turns, step]);
  return (
    <div className="wheel-box" aria-hidden="true">
      <span className="wheel-pointer" />
      <div className="wheel-disc" ref={disc}>
        {segments.map((segment) => (
          <span key={segment.index} className="wheel-label" ref={(label) => label?.style.setProperty('transform', `rotate(${segment.index * step}deg)`)}>
            {segment.name}
          </span>
        ))}
      </div>
    </div>
  );
}

function Wheel({ load }: { load: LoadedActivity }) {
  installDrawStyles();
  const text = usePageTexts(drawTexts);
  const { client } = useLobby();
  const id = load.detail.id;
  const [version, setVersion] = useState(0);
  const info = useRead((c) => c.call(spinWheelInfo, { id }), `wheel:${id}:${version}`);
  const after = useCallback(() => setVersion((value) => value + 1), []);
  const { claim, busy, refusal } = useClaim(after);
  const [won, setWon] = useState<DrawPaid | null>(null);
  const [turns, setTurns] = useState(0);
  const spin = (termsVersion: number) => {
    setWon(null);
    void claim({ spin: id, termsVersion }, (key) => client.call(spinWheelDraw, { id, termsVersion }, { idempotencyKey: key })).then((answer) => {
      if (!answer) return;
      setTurns((value) => value + 1);
      setWon(answer);
    });
  };
  const receive = (taskId: string, termsVersion: number) => void claim({ receive: id, taskId, termsVersion }, () => client.call(spinWheelReceive, { id, taskId, termsVersion }));
  const data: SpinWheelInfo | undefined = info.data;
  return (
    <ActivityFrame load={load} showClaims={false}>
      <ErrorLine error={info.error} />
      {!data ? <p className="content-loading">{text('loading')}</p> : (
        <>
          <section className="activity-panel" aria-labelledby="wheel-title">
            <h2 id="wheel-title">{text('wheel')}</h2>
            <div className="wheel-area">
              <WheelDisc segments={data.segments} landed={won ? (won.record.fair.result as number) : null} turns={turns} />
              <div>
                <h3>{text('segments')}</h3>
                <ol className="wheel-segments">
                  {data.segments.map((segment) => (
                    <li key={segment.index} data-segment={segment.index} {...(won?.record.fair.result === segment.index ? { 'data-won': '' } : {})}>
                      {segment.name} · {segment.amountMinor > 0 ? text('money', { money: money(segment.amountMinor) }) : text('thanks')} · {text('chance', { percent: percent(data.segments, segment) })}
                    </li>
                  ))}
                </ol>
              </div>
            </div>
            <div className="draw-facts">
              <WindowLines window={data.window} next={data.nextWindow} text={text} />
              {data.minVipLevel !== null ? <span>{text('vipLevel', { level: data.minVipLevel })}</span> : null}
              {data.vipHint ? <span className="hint">{data.vipHint}</span> : null}
              {data.mine ? <span className="draw-mine">{text('mySpins', { received: data.mine.received, used: data.mine.used, left: data.mine.left })}</span> : <span>{text('logIn')}</span>}
              {data.mine?.reason ? <span className="hint">{data.mine.reason}</span> : null}
            </div>
            {data.mine ? (
              <ClaimButton termsVersion={data.termsVersion} busy={busy} disabled={!data.mine.canSpin} onClaim={spin}>
                {text('spinNow')}
              </ClaimButton>
            ) : null}
            {won ? <p className="notice draw-result" role="status">{wonLine(won, text)}</p> : null}
            <RefusalLine refusal={refusal} />
          </section>
          <section className="activity-panel" aria-labelledby="wheel-tasks-title">
            <h2 id="wheel-tasks-title">{text('tasks')}</h2>
            <ul className="wheel-tasks">
              {data.tasks.map((task) => (
                <li key={task.id} data-task={task.id}>
                  <span>{task.name}</span>
                  <span className="hint">
                    {task.kind === 'login' ? text('taskLogin') : text(task.kind === 'deposit' ? 'taskDeposit' : 'taskTurnover', { target: money(task.targetMinor), progress: money(task.progressMinor) })}
                  </span>
                  <span>{text('taskSpins', { spins: task.spins })}</span>
                  {data.mine ? (
                    <ClaimButton termsVersion={data.termsVersion} busy={busy} disabled={!task.done || task.received || data.window === null} onClaim={(v) => receive(task.id, v)}>
                      {task.received ? text('received') : task.done ? text('receive') : text('notDone')}
                    </ClaimButton>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <FairRecords activityId={id} version={version} title={text('records')} />
    </ActivityFrame>
  );
}

/** /app/raffle (`?id=` or the brand's raffle in progress): prizes, lottery times, tickets, ranking, the draw and its winners. */
export function RafflePage() {
  const [params] = useSearchParams();
  const asked = params.get('id');
  const askedId = activityIdOf(asked);
  // Without an id, the brand's raffle: raffleInfo names it, then the page loads as any activity.
  const found = useRead((client) => client.call(raffleInfo, {}), 'raffle:brand', asked === null);
  const id = asked === null ? found.data?.id : askedId;
  if (asked === null && !found.data) {
    return found.error ? <ErrorLine error={found.error} /> : <p className="content-loading activity-loading">…</p>;
  }
  return <ActivityShell id={id}>{(load) => <Raffle load={load} />}</ActivityShell>;
}

function Raffle({ load }: { load: LoadedActivity }) {
  installDrawStyles();
  const text = usePageTexts(drawTexts);
  const { client } = useLobby();
  const loggedIn = Boolean(useStore($session)?.token);
  const id = load.detail.id;
  const [version, setVersion] = useState(0);
  const info = useRead((c) => c.call(raffleInfo, { id }), `raffle:${id}:${version}`);
  const tickets = useRead((c) => c.call(raffleTickets, { id }), `tickets:${id}:${version}`, loggedIn);
  const ranking = useRead((c) => c.call(raffleRanking, { id }), `ranking:${id}:${version}`);
  const after = useCallback(() => setVersion((value) => value + 1), []);
  const { claim, busy, refusal } = useClaim(after);
  const [taken, setTaken] = useState<number[]>([]);
  const take = (termsVersion: number) =>
    void claim({ take: id, termsVersion }, () => client.call(raffleTicketsReceive, { id, termsVersion })).then((answer) => answer && setTaken(answer.taken));
  const data: RaffleInfo | undefined = info.data;
  return (
    <ActivityFrame load={load} showClaims={false}>
      <ErrorLine error={info.error} />
      {!data ? <p className="content-loading">{text('loading')}</p> : (
        <>
          <section className="activity-panel" aria-labelledby="raffle-title">
            <h2 id="raffle-title">{text('prizes')}</h2>
            <ul className="raffle-list">
              {data.prizes.map((prize) => (
                <li key={prize.name}>{text('prizeLine', { name: prize.name, money: money(prize.amountMinor), count: prize.count })}</li>
              ))}
            </ul>
            <div className="draw-facts">
              <span>
                {text('raffleRule', { basis: data.basis === 'deposit' ? text('basisDeposit') : text('basisTurnover'), money: money(data.moneyEachMinor), max: data.maxTicketsPerMember })}
                <DateTime at={data.expireTime} />
              </span>
              <span className="draw-hash">
                {text('seedHash')}
                {data.seedHash}
              </span>
              <span>{text('ticketCount', { count: data.ticketCount })}</span>
              {data.minVipLevel !== null ? <span>{text('vipLevel', { level: data.minVipLevel })}</span> : null}
              {data.vipHint ? <span className="hint">{data.vipHint}</span> : null}
              {data.mine ? (
                <span className="draw-mine">
                  {text('myTickets', { amount: money(data.mine.memberAmountMinor), times: data.mine.lotteryTimes, held: data.mine.ticketsHeld, waiting: data.mine.ticketsWaiting })}
                </span>
              ) : <span>{text('logIn')}</span>}
              {data.mine?.reason ? <span className="hint">{data.mine.reason}</span> : null}
            </div>
            {data.mine ? (
              <ClaimButton termsVersion={data.termsVersion} busy={busy} disabled={data.mine.ticketsWaiting === 0} onClaim={take}>
                {text('takeTickets')}
              </ClaimButton>
            ) : null}
            {taken.length > 0 ? <p className="notice" role="status">{text('taken', { numbers: taken.join(', ') })}</p> : null}
            <RefusalLine refusal={refusal} />
          </section>
          <section className="activity-panel" aria-labelledby="raffle-winners-title">
            <h2 id="raffle-winners-title">{text('winners')}</h2>
            {!data.drawn ? <p>{text('notDrawn')}</p> : (
              <ul className="raffle-list">
                {data.winners.map((winner) => (
                  <li key={winner.slot} {...(winner.mine ? { 'data-mine': '' } : {})}>
                    {text('winnerLine', { prize: winner.prizeName, money: money(winner.amountMinor), ticket: winner.ticketNo, member: winner.member })}
                    {winner.mine ? text('winnerMine') : ''}
                    {winner.paid ? '' : ` · ${text('notPaid', { note: winner.note })}`}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {tickets.data ? (
            <section className="activity-panel" aria-labelledby="raffle-tickets-title">
              <h2 id="raffle-tickets-title">{text('ticketList')}</h2>
              {tickets.data.list.length === 0 ? <p>{text('noRecords')}</p> : (
                <ul className="raffle-tickets">
                  {tickets.data.list.map((ticket) => (
                    <li key={ticket.ticketNo} {...(ticket.prizeName ? { 'data-won': '' } : {})}>
                      {text('ticketNo', { no: ticket.ticketNo })}
                      {ticket.prizeName ? ` · ${text('ticketWon', { prize: ticket.prizeName })}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          <section className="activity-panel" aria-labelledby="raffle-ranking-title">
            <h2 id="raffle-ranking-title">{text('ranking')}</h2>
            <ErrorLine error={ranking.error} />
            {ranking.data && ranking.data.list.length === 0 ? <p>{text('noRecords')}</p> : null}
            <ol className="raffle-list">
              {(ranking.data?.list ?? []).map((row) => (
                <li key={row.rank} {...(row.mine ? { 'data-mine': '' } : {})}>
                  {text('rankLine', { rank: row.rank, member: row.member, tickets: row.tickets })}
                </li>
              ))}
            </ol>
            {ranking.data?.mine ? <p>{text('myRank', { rank: ranking.data.mine.rank, tickets: ranking.data.mine.tickets })}</p> : null}
          </section>
        </>
      )}
      <FairRecords activityId={id} version={version} title={text('records')} />
    </ActivityFrame>
  );
}
