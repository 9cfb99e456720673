import { CODE, type RaffleInfo, type RaffleWinner } from '@lobby/sdk';
import type { Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import {
  ACTIVITY_COLUMNS, activityOf, budgetLeftMinor, centreWalletOf, eligibilityProblem, memberFacts, payReward, visibleActivity, type Activity,
} from '../engine/index.js';
import type { RaffleConfig } from './config.js';
import { activityHead, upTo } from './draw-service.js';
import { commitRound, fairSample, revealIfClosed, roundSeed, type FairDetail } from './fairness.js';
import type { FairClaimDetail } from './records.js';
import { breakRefusal } from '../../responsible/exclusion/exclusion-service.js';

/** A raffle is one fair round, key 'raffle', from the activity's start to its end: tickets are taken inside it, the draw is made after it. */
export const RAFFLE_ROUND = 'raffle';
/** Tickets a page of the ticket list shows. */
export const RAFFLE_TICKETS_PAGE_SIZE = 50;
/** Members the ranking shows. */
export const RAFFLE_RANKING_SIZE = 20;

const yuan = (minor: number) => (minor / 100).toFixed(2);
const configOf = (activity: Activity) => activity.config as unknown as RaffleConfig;

/** The first two characters of a member name, then ***. */
export function maskedMember(name: string): string {
  return `${[...name].slice(0, 2).join('')}***`;
}

/** The raffle's client seed: one draw for everyone, so it names the activity only (`a<id>-raffle`), nonce 0. */
export const raffleClientSeed = (activityId: number) => `a${activityId}-raffle`;

/** Commits the raffle's round (idempotent): its hash is public from the first time anyone reads the raffle or the sweep runs. */
export async function commitRaffle(q: Queryable, activity: Activity, now: Date): Promise<string> {
  return (await commitRound(q, { activityId: activity.id, roundKey: RAFFLE_ROUND, opensAt: activity.startsAt, closesAt: activity.endsAt, committedAt: now })).seedHash;
}

/**
 * The brand's raffle `id`, or without an id the raffle a member lands on: the published
 * raffle in progress that ends first, else the one that ended last; activityNotFound when
 * the brand has none.
 */
export async function raffleOf(q: Queryable, siteId: number, id: number | undefined, now: Date): Promise<Activity> {
  if (id !== undefined) return visibleActivity(q, siteId, id, 'raffle');
  const { rows } = await q.query<Parameters<typeof activityOf>[0]>(
    `SELECT ${ACTIVITY_COLUMNS} FROM promo_activities WHERE site_id = $1 AND kind = 'raffle' AND state <> 'draft'
      ORDER BY (state IN ('published', 'paused') AND starts_at <= $2 AND ends_at > $2) DESC,
               CASE WHEN ends_at > $2 THEN ends_at END ASC NULLS LAST, ends_at DESC, id DESC LIMIT 1`,
    [siteId, now],
  );
  if (!rows[0]) throw new BusinessError('activityNotFound', 'this brand runs no raffle');
  return activityOf(rows[0]);
}

/** The member's deposits (or valid bets) counted so far and the tickets they earn. */
async function earnedTickets(q: Queryable, activity: Activity, memberId: number, now: Date): Promise<{ amountMinor: number; earned: number }> {
  const config = configOf(activity);
  const to = upTo(now, activity.endsAt);
  const facts = await memberFacts(q, memberId, { from: activity.startsAt, to });
  const amountMinor = config.basis === 'deposit' ? facts.depositsMinor : facts.turnoverMinor;
  return { amountMinor, earned: Math.min(Math.floor(amountMinor / config.moneyEachMinor), config.maxTicketsPerMember) };
}

async function ticketsHeld(q: Queryable, activityId: number, memberId: number): Promise<number> {
  const { rows } = await q.query<{ n: string | number }>('SELECT count(*) AS n FROM promo_raffle_tickets WHERE activity_id = $1 AND member_id = $2', [activityId, memberId]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes the tickets the member earned and has not taken, numbered after the raffle's last
 * ticket (the activity's row is locked, so numbers never repeat or skip). Refuses after the
 * close (the caller reads the activity with liveActivity), on changed terms, when not
 * eligible, and with nothing to take.
 */
export async function takeTickets(tx: Queryable, activity: Activity, memberId: number, termsVersion: number, now: Date): Promise<{ taken: number[]; ticketsHeld: number }> {
  await commitRaffle(tx, activity, now);
  const locked = await tx.query<{ terms_version: number; state: string }>('SELECT terms_version, state FROM promo_activities WHERE id = $1 FOR UPDATE', [activity.id]);
  const current = locked.rows[0]!;
  if (current.state !== 'published') throw new BusinessError('activityNotLive', `activity ${activity.id} is ${current.state}`);
  if (termsVersion !== current.terms_version) {
    throw new BusinessError('activityTermsChanged', `the terms are at version ${current.terms_version}; the request was made on version ${termsVersion}`, { termsVersion: current.terms_version });
  }
  const problem = await eligibilityProblem(tx, activity, memberId, now);
  if (problem) throw new BusinessError('activityNotEligible', problem);
  const { amountMinor, earned } = await earnedTickets(tx, activity, memberId, now);
  const held = await ticketsHeld(tx, activity.id, memberId);
  if (earned <= held) {
    const config = configOf(activity);
    throw new BusinessError('raffleNothingToTake', held >= config.maxTicketsPerMember
      ? `at most ${config.maxTicketsPerMember} tickets per member; ${held} taken`
      : `each ${yuan(config.moneyEachMinor)} of ${config.basis === 'deposit' ? 'deposits' : 'valid bets'} earns a ticket (so far ${yuan(amountMinor)}, ${held} taken)`);
  }
  const { rows } = await tx.query<{ last: number | null }>('SELECT max(ticket_no) AS last FROM promo_raffle_tickets WHERE activity_id = $1', [activity.id]);
  const first = (rows[0]?.last ?? 0) + 1;
  const taken = Array.from({ length: earned - held }, (_, index) => first + index);
  await tx.query(
    'INSERT INTO promo_raffle_tickets (activity_id, ticket_no, member_id, created_at) SELECT $1, n, $2, $3 FROM unnest($4::int[]) AS n',
    [activity.id, memberId, now, taken],
  );
  return { taken, ticketsHeld: earned };
}

interface StoredWinner {
  slot: number; prizeName: string; amountMinor: number; ticketNo: number; memberId: number; memberName: string; paid: boolean; note: string;
}

/**
 * Makes the raffle's draw once it has closed, inside `tx`: reveals the round, draws
 * min(prize slots, tickets) distinct tickets with the sdk's `sample` rule over the revealed
 * seed (client seed `a<id>-raffle`, nonce 0; ticket k is index k - 1), gives slot i (prizes
 * in order, each repeated `count` times) to the i-th ticket drawn and pays each prize from
 * the budget under claim key `raffle:prize:<slot>`. A prize the budget no longer covers is
 * recorded unpaid with the reason. Idempotent: the activity's row lock and the draw row
 * make it happen once. Answers false when it is not time yet. A raffle whose config names
 * a wallet other than the centre (written before bonus money needed grantBonus) is refused
 * with activityInvalid before anything is written: it is drawn once the operator sets
 * `wallet: 'centre'`.
 */
export async function settleRaffle(tx: Queryable, activity: Activity, now: Date): Promise<boolean> {
  if (now < activity.endsAt) return false;
  const wallet = centreWalletOf(activity);
  await commitRaffle(tx, activity, now);
  await tx.query('SELECT id FROM promo_activities WHERE id = $1 FOR UPDATE', [activity.id]);
  const done = await tx.query('SELECT 1 FROM promo_raffle_draws WHERE activity_id = $1', [activity.id]);
  if (done.rows.length > 0) return true;
  await revealIfClosed(tx, activity.id, RAFFLE_ROUND, now);
  const round = (await roundSeed(tx, activity.id, RAFFLE_ROUND))!;
  const { rows: tickets } = await tx.query<{ ticket_no: number; member_id: string | number; name: string }>(
    'SELECT t.ticket_no, t.member_id, m.name FROM promo_raffle_tickets t JOIN members m ON m.id = t.member_id WHERE t.activity_id = $1 ORDER BY t.ticket_no',
    [activity.id],
  );
  const slots = configOf(activity).prizes.flatMap((prize) => Array.from({ length: prize.count }, () => prize));
  const count = Math.min(slots.length, tickets.length);
  const seeds = { serverSeed: round.serverSeed, clientSeed: raffleClientSeed(activity.id), nonce: 0 };
  const drawn = count > 0 ? fairSample(tickets.length, count, seeds) : [];
  const fair: FairDetail = { roundKey: RAFFLE_ROUND, clientSeed: seeds.clientSeed, nonce: 0, rule: { kind: 'sample', size: tickets.length, count }, result: drawn };
  const winners: StoredWinner[] = [];
  let budgetLeft = await budgetLeftMinor(tx, activity.id);
  for (const [slot, index] of drawn.entries()) {
    const prize = slots[slot]!;
    const ticket = tickets[index]!;
    const winner: StoredWinner = {
      slot, prizeName: prize.name, amountMinor: prize.amountMinor, ticketNo: ticket.ticket_no, memberId: Number(ticket.member_id), memberName: ticket.name, paid: false, note: '',
    };
    if (budgetLeft < prize.amountMinor) {
      winner.note = `the activity's budget has ${yuan(budgetLeft)} left, short of this prize`;
    } else if (await breakRefusal(tx, winner.memberId, now)) {
      winner.note = 'the member is on a break from play (time-out or self-exclusion): no activity rewards'; // issue 22
    } else {
      const detail: FairClaimDetail = { awardName: prize.name, fair };
      await payReward(tx, {
        activity, memberId: winner.memberId, claimKey: `raffle:prize:${slot}`, amountMinor: prize.amountMinor, wallet,
        detail: { ...detail, ticketNo: ticket.ticket_no } as unknown as Record<string, unknown>, termsVersion: activity.termsVersion, now,
      });
      budgetLeft -= prize.amountMinor;
      winner.paid = true;
    }
    winners.push(winner);
  }
  await tx.query('INSERT INTO promo_raffle_draws (activity_id, ticket_count, winners, drawn_at) VALUES ($1, $2, $3, $4)', [activity.id, tickets.length, JSON.stringify(winners), now]);
  return true;
}

/**
 * settleRaffle for the page and the sweep: a raffle that cannot be drawn yet because its
 * config names the bonus wallet (activityInvalid) stays undrawn (false) and still shows.
 */
export async function settleRaffleWhenPayable(tx: Queryable, activity: Activity, now: Date): Promise<boolean> {
  return settleRaffle(tx, activity, now).catch((error: unknown) => {
    if (error instanceof BusinessError && error.code === CODE.activityInvalid) return false;
    throw error;
  });
}

/** The raffle page at `now` (the draw is made first when it is due; the caller runs this in a transaction). */
export async function raffleInfoOf(q: Queryable, activity: Activity, memberId: number | null, now: Date): Promise<RaffleInfo> {
  const config = configOf(activity);
  const seedHash = await commitRaffle(q, activity, now);
  await settleRaffleWhenPayable(q, activity, now);
  const count = await q.query<{ n: string | number }>('SELECT count(*) AS n FROM promo_raffle_tickets WHERE activity_id = $1', [activity.id]);
  const draw = await q.query<{ winners: StoredWinner[] }>('SELECT winners FROM promo_raffle_draws WHERE activity_id = $1', [activity.id]);
  const winners: RaffleWinner[] = (draw.rows[0]?.winners ?? []).map((winner) => ({
    slot: winner.slot, prizeName: winner.prizeName, amountMinor: winner.amountMinor, ticketNo: winner.ticketNo, member: maskedMember(winner.memberName),
    mine: winner.memberId === memberId, paid: winner.paid, note: winner.note,
  }));
  let mine: RaffleInfo['mine'] = null;
  if (memberId !== null) {
    const { amountMinor, earned } = await earnedTickets(q, activity, memberId, now);
    const held = await ticketsHeld(q, activity.id, memberId);
    const open = activity.state === 'published' && now >= activity.startsAt && now < activity.endsAt;
    const eligibility = open ? await eligibilityProblem(q, activity, memberId, now) : null;
    const reason = !open ? (now < activity.startsAt ? 'the raffle has not started' : activity.state === 'paused' ? 'the raffle is paused' : 'tickets are closed')
      : eligibility ?? (earned <= held ? `each ${yuan(config.moneyEachMinor)} of ${config.basis === 'deposit' ? 'deposits' : 'valid bets'} earns a ticket` : '');
    mine = { memberAmountMinor: amountMinor, lotteryTimes: earned, ticketsHeld: held, ticketsWaiting: open ? Math.max(0, earned - held) : 0, reason };
  }
  return {
    ...activityHead(activity, now),
    basis: config.basis,
    moneyEachMinor: config.moneyEachMinor,
    maxTicketsPerMember: config.maxTicketsPerMember,
    prizes: config.prizes.map((prize) => ({ name: prize.name, amountMinor: prize.amountMinor, count: prize.count })),
    expireTime: activity.endsAt.toISOString(),
    seedHash,
    ticketCount: Number(count.rows[0]?.n ?? 0),
    drawn: draw.rows.length > 0,
    winners,
    mine,
  };
}

/** The member's tickets, in number order, with what each won. */
export async function ticketsOf(q: Queryable, activityId: number, memberId: number, page: number) {
  const { rows } = await q.query<{ ticket_no: number; created_at: Date }>(
    'SELECT ticket_no, created_at FROM promo_raffle_tickets WHERE activity_id = $1 AND member_id = $2 ORDER BY ticket_no LIMIT $3 OFFSET $4',
    [activityId, memberId, RAFFLE_TICKETS_PAGE_SIZE, (page - 1) * RAFFLE_TICKETS_PAGE_SIZE],
  );
  const total = await ticketsHeld(q, activityId, memberId);
  const draw = await q.query<{ winners: StoredWinner[] }>('SELECT winners FROM promo_raffle_draws WHERE activity_id = $1', [activityId]);
  const won = new Map((draw.rows[0]?.winners ?? []).map((winner) => [winner.ticketNo, winner.prizeName]));
  return {
    list: rows.map((row) => ({ ticketNo: row.ticket_no, createdAt: row.created_at.toISOString(), prizeName: won.get(row.ticket_no) ?? '' })),
    total, page, pageSize: RAFFLE_TICKETS_PAGE_SIZE,
  };
}

/** The members holding the most tickets (ties: who took their first ticket first), and the member's own place. */
export async function rankingOf(q: Queryable, activityId: number, memberId: number | null) {
  const { rows } = await q.query<{ member_id: string | number; name: string; tickets: string | number; rank: string | number }>(
    `SELECT member_id, name, tickets, rank FROM (
       SELECT t.member_id, m.name, count(*) AS tickets, row_number() OVER (ORDER BY count(*) DESC, min(t.ticket_no)) AS rank
         FROM promo_raffle_tickets t JOIN members m ON m.id = t.member_id WHERE t.activity_id = $1 GROUP BY t.member_id, m.name
     ) ranked WHERE rank <= $2 OR member_id = $3 ORDER BY rank`,
    [activityId, RAFFLE_RANKING_SIZE, memberId ?? 0],
  );
  const mineRow = rows.find((row) => Number(row.member_id) === memberId);
  return {
    list: rows.filter((row) => Number(row.rank) <= RAFFLE_RANKING_SIZE)
      .map((row) => ({ rank: Number(row.rank), member: maskedMember(row.name), tickets: Number(row.tickets), mine: Number(row.member_id) === memberId })),
    mine: mineRow ? { rank: Number(mineRow.rank), tickets: Number(mineRow.tickets) } : null,
  };
}
