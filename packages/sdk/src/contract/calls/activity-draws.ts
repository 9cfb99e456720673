import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * Draw gift, spin wheel (validation, receive, draw, records, tasks), raffle (lottery times,
 * tickets and ranking) and the fairness reveal (issue 20; docs/PROMO-FAIRNESS.md; spec
 * section 3 "Draw gift" and "Raffle", section 7 "lottery, spin wheel, ticket list and
 * ranking"). Every draw, spin and raffle winner is provably fair: its round's seed hash is
 * published before the round opens and the seed revealed after it closes, and each record
 * carries every input (`fair`) so the member recomputes it in the browser
 * (`verifyFairRecord`). Money is integer minor units (fen); times are ISO 8601.
 */

const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version the member was shown beside the button' });
const minor = (description: string) => s.integer({ minimum: 0, description: `${description}, minor units (fen)` });
const time = (description: string) => s.string({ description: `${description}, ISO 8601` });
const wallet = s.enum(['centre', 'bonus'] as const, { description: "Where the money lands: the member's centre wallet, or bonus money under wagering" });
const status = s.enum([0, 1, 2] as const, { description: '0 not started, 1 in progress, 2 ended (spec section 4)' });

/** How a fair result was computed (sdk FairRule). */
export const FairRuleView = s.union(
  s.object({ kind: s.literal('pick'), weights: s.array(s.integer({ minimum: 0 })) }),
  s.object({ kind: s.literal('split'), totalMinor: s.integer({ minimum: 0 }), parts: s.integer({ minimum: 1 }), minEachMinor: s.integer({ minimum: 0 }) }),
  s.object({ kind: s.literal('unit') }),
  s.object({ kind: s.literal('sample'), size: s.integer({ minimum: 0 }), count: s.integer({ minimum: 0 }) }),
);
export type FairRuleView = Infer<typeof FairRuleView>;

/** One fair result with every input to recompute it: the seed is null until its round closes. */
export const FairRecordView = s.object({
  roundKey: s.string(),
  seedHash: s.string({ description: 'SHA-256 of the server seed, lower-case hex, published from committedAt' }),
  serverSeed: s.nullable(s.string({ description: 'The server seed, once the round has closed' })),
  committedAt: time('When the hash was published'),
  opensAt: time('The round opens'),
  closesAt: time('The round closes; the seed is revealed from then on'),
  clientSeed: s.string(),
  nonce: s.integer({ minimum: 0 }),
  rule: FairRuleView,
  result: s.union(s.number(), s.array(s.integer())),
});
export type FairRecordView = Infer<typeof FairRecordView>;

/** A draw, a spin or a raffle prize of the member, with its fair inputs. */
export const DrawRecord = s.object({
  claimKey: s.string({ description: "draw:<n>, spin:<n>, raffle:prize:<slot>, or another kind's fair claim" }),
  awardName: s.string({ description: "Plain text; '' when the claim names none" }),
  amountMinor: minor('Paid'),
  wallet,
  createdAt: time('Paid at'),
  fair: FairRecordView,
});
export type DrawRecord = Infer<typeof DrawRecord>;

/** An award of a draw gift or a segment of a wheel. */
export const DrawAward = s.object({
  index: s.integer({ minimum: 0 }),
  name: s.string({ description: 'Plain text' }),
  amountMinor: minor('Paid when drawn; 0 is a "thanks" award'),
  weight: s.integer({ minimum: 0, description: 'Chance = weight / sum of weights' }),
});
export type DrawAward = Infer<typeof DrawAward>;

/** A draw window (the spec's lotteryStart / lotteryEnd) and its published commitment. */
export const DrawWindowView = s.object({
  roundKey: s.string(),
  lotteryStart: time('The window opens'),
  lotteryEnd: time('The window closes'),
  seedHash: s.string({ description: "SHA-256 of the window's seed" }),
});
export type DrawWindowView = Infer<typeof DrawWindowView>;

const activityHead = {
  id: s.integer(),
  title: s.string({ description: 'Plain text' }),
  termsText: s.string({ description: 'Plain text' }),
  termsVersion: s.integer({ minimum: 1 }),
  status,
  paused: s.boolean(),
  startsAt: time('Starts'),
  endsAt: time('Ends'),
  wallet,
  vipHint: s.string({ description: "The spec's VIP level hint, plain text; '' for none" }),
  minVipLevel: s.nullable(s.integer({ minimum: 0, description: 'The lowest VIP level that may take part; null: any' })),
};

/** The draw gift page (spec section 3 "Draw gift"). */
export const DrawGiftInfo = s.object({
  ...activityHead,
  awards: s.array(DrawAward),
  moneyEachMinor: minor('Each of this much deposited in the window earns one draw (moneyEach)'),
  depositRequirementMinor: minor('Deposits in the window needed before any draw (depositRequirements)'),
  maxDrawsPerWindow: s.integer({ minimum: 1 }),
  window: s.nullable(DrawWindowView),
  nextWindow: s.nullable(DrawWindowView),
  mine: s.nullable(s.object({
    depositsMinor: minor('Confirmed deposits in the open window'),
    earned: s.integer({ minimum: 0, description: 'Draws earned in the open window' }),
    used: s.integer({ minimum: 0 }),
    left: s.integer({ minimum: 0 }),
    reason: s.string({ description: "Why the member cannot draw now; '' when it can" }),
  })),
});
export type DrawGiftInfo = Infer<typeof DrawGiftInfo>;

/** The draw gift page: awards, the window, the member's earned and used draws. */
export const drawGiftInfo = defineCall({
  name: 'drawGiftInfo',
  group: 'promotion',
  path: '/activity/v1/draw_gift/info',
  style: 'query',
  auth: 'optional',
  summary: "Draw gift: award list, draw window, deposit requirement, money per draw, VIP hint, the member's draws",
  request: s.object({ id: activityId }),
  response: DrawGiftInfo,
});

/** What a draw or a spin paid. */
export const DrawPaid = s.object({
  record: DrawRecord,
  left: s.integer({ minimum: 0, description: 'Draws or spins left in the window' }),
});
export type DrawPaid = Infer<typeof DrawPaid>;

/** Draws once (x-idempotency-key): the award is picked fairly and paid from the activity's budget. */
export const drawGiftDraw = defineCall({
  name: 'drawGiftDraw',
  group: 'promotion',
  path: '/activity/v1/draw_gift/draw',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Draw gift: take one earned draw; the award is paid at once',
  request: s.object({ id: activityId, termsVersion }),
  response: DrawPaid,
});

/** The member's draws of a draw gift, newest first, with their fair inputs. */
export const drawGiftRecords = defineCall({
  name: 'drawGiftRecords',
  group: 'promotion',
  path: '/activity/v1/draw_gift/records',
  style: 'query',
  auth: 'member',
  summary: "Draw gift: the member's draws and awards",
  request: s.object({ id: activityId }),
  response: s.object({ list: s.array(DrawRecord) }),
});

/** A wheel task and the member's progress in the open window. */
export const SpinTaskView = s.object({
  id: s.string(),
  name: s.string({ description: 'Plain text' }),
  kind: s.enum(['login', 'deposit', 'turnover'] as const),
  targetMinor: minor('Deposits or valid bets in the window that complete it (0 for login)'),
  spins: s.integer({ minimum: 1 }),
  progressMinor: minor('So far in the window'),
  done: s.boolean(),
  received: s.boolean(),
});
export type SpinTaskView = Infer<typeof SpinTaskView>;

/** The wheel page, and its validation (may the member spin now, and why not). */
export const SpinWheelInfo = s.object({
  ...activityHead,
  segments: s.array(DrawAward),
  window: s.nullable(DrawWindowView),
  nextWindow: s.nullable(DrawWindowView),
  tasks: s.array(SpinTaskView),
  mine: s.nullable(s.object({
    received: s.integer({ minimum: 0, description: 'Spins received in the window' }),
    used: s.integer({ minimum: 0 }),
    left: s.integer({ minimum: 0 }),
    canSpin: s.boolean(),
    reason: s.string({ description: "Why the member cannot spin now; '' when it can" }),
  })),
});
export type SpinWheelInfo = Infer<typeof SpinWheelInfo>;

/** Spin wheel validation: the wheel, its tasks and whether the member may spin now. */
export const spinWheelInfo = defineCall({
  name: 'spinWheelInfo',
  group: 'promotion',
  path: '/activity/v1/spin_wheel/validation',
  style: 'query',
  auth: 'optional',
  summary: "Spin wheel validation: segments, the window, tasks and whether the member may spin",
  request: s.object({ id: activityId }),
  response: SpinWheelInfo,
});

/** Spin wheel tasks: what earns spins in the open window and the member's progress. */
export const spinWheelTasks = defineCall({
  name: 'spinWheelTasks',
  group: 'promotion',
  path: '/activity/v1/spin_wheel/tasks',
  style: 'query',
  auth: 'member',
  summary: "Spin wheel tasks: the window's tasks with the member's progress",
  request: s.object({ id: activityId }),
  response: s.object({ roundKey: s.string({ description: "The open window's round; '' between windows" }), tasks: s.array(SpinTaskView) }),
});

/** Receives a done task's spins for the open window (once per task and window). */
export const spinWheelReceive = defineCall({
  name: 'spinWheelReceive',
  group: 'promotion',
  path: '/activity/v1/spin_wheel/receive',
  style: 'json',
  auth: 'member',
  summary: "Spin wheel receive: take a done task's spins",
  request: s.object({ id: activityId, taskId: s.string({ minLength: 1, maxLength: 32, pattern: '^[a-z0-9_-]+$' }), termsVersion }),
  response: s.object({ task: SpinTaskView, left: s.integer({ minimum: 0 }) }),
});

/** Spins once (x-idempotency-key): the segment is picked fairly and paid from the activity's budget. */
export const spinWheelDraw = defineCall({
  name: 'spinWheelDraw',
  group: 'promotion',
  path: '/activity/v1/spin_wheel/draw',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Spin wheel draw: use one received spin; the segment is paid at once',
  request: s.object({ id: activityId, termsVersion }),
  response: DrawPaid,
});

/** The member's spins, newest first, with their fair inputs. */
export const spinWheelRecords = defineCall({
  name: 'spinWheelRecords',
  group: 'promotion',
  path: '/activity/v1/spin_wheel/records',
  style: 'query',
  auth: 'member',
  summary: "Spin wheel records: the member's spins",
  request: s.object({ id: activityId }),
  response: s.object({ list: s.array(DrawRecord) }),
});

/** A raffle winner as everyone sees it. */
export const RaffleWinner = s.object({
  slot: s.integer({ minimum: 0, description: 'The prize slot, in prize order' }),
  prizeName: s.string({ description: 'Plain text' }),
  amountMinor: minor('The prize'),
  ticketNo: s.integer({ minimum: 1 }),
  member: s.string({ description: 'The winner, masked (e.g. ab***9)' }),
  mine: s.boolean(),
  paid: s.boolean(),
  note: s.string({ description: "Why a prize was not paid; '' when paid" }),
});
export type RaffleWinner = Infer<typeof RaffleWinner>;

/** The raffle page (spec section 3 "Raffle": lottery times, memberAmount, moneyEach, expireTime). */
export const RaffleInfo = s.object({
  ...activityHead,
  basis: s.enum(['deposit', 'turnover'] as const, { description: 'What earns tickets: confirmed deposits or valid bets in the window' }),
  moneyEachMinor: minor('Each of this much earns one ticket (moneyEach)'),
  maxTicketsPerMember: s.integer({ minimum: 1 }),
  prizes: s.array(s.object({ name: s.string(), amountMinor: minor('Each winner gets'), count: s.integer({ minimum: 1 }) })),
  expireTime: time('Tickets close and the draw is made (the activity ends)'),
  seedHash: s.string({ description: "SHA-256 of the raffle's seed" }),
  ticketCount: s.integer({ minimum: 0, description: 'Tickets taken by everyone' }),
  drawn: s.boolean(),
  winners: s.array(RaffleWinner),
  mine: s.nullable(s.object({
    memberAmountMinor: minor('Deposits or valid bets counted so far (memberAmount)'),
    lotteryTimes: s.integer({ minimum: 0, description: 'Tickets earned so far (lottery times), at most maxTicketsPerMember' }),
    ticketsHeld: s.integer({ minimum: 0 }),
    ticketsWaiting: s.integer({ minimum: 0, description: 'Earned and not yet taken' }),
    reason: s.string({ description: "Why the member cannot take tickets now; '' when it can" }),
  })),
});
export type RaffleInfo = Infer<typeof RaffleInfo>;

/** The raffle page: a raffle by id, or (without id) the brand's raffle in progress, else its latest. */
export const raffleInfo = defineCall({
  name: 'raffleInfo',
  group: 'promotion',
  path: '/activity/v1/raffle/info',
  style: 'query',
  auth: 'optional',
  summary: "Raffle: prizes, the member's lottery times and tickets, the draw and its winners",
  request: s.object({ id: s.optional(activityId) }),
  response: RaffleInfo,
});

/** Takes the tickets the member has earned and not yet taken; numbered in the order taken. */
export const raffleTicketsReceive = defineCall({
  name: 'raffleTicketsReceive',
  group: 'promotion',
  path: '/activity/v1/raffle/receive',
  style: 'json',
  auth: 'member',
  summary: 'Raffle: take the earned tickets',
  request: s.object({ id: activityId, termsVersion }),
  response: s.object({ taken: s.array(s.integer({ minimum: 1 }), { description: 'The ticket numbers taken now' }), ticketsHeld: s.integer({ minimum: 0 }) }),
});

/** The member's tickets (ticket list), in number order. */
export const raffleTickets = defineCall({
  name: 'raffleTickets',
  group: 'promotion',
  path: '/activity/v1/raffle/tickets',
  style: 'query',
  auth: 'member',
  summary: "Raffle ticket list: the member's tickets and what they won",
  request: s.object({ id: activityId, page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })) }),
  response: s.object({
    list: s.array(s.object({ ticketNo: s.integer({ minimum: 1 }), createdAt: time('Taken'), prizeName: s.string({ description: "What it won; '' when nothing (yet)" }) })),
    total: s.integer({ minimum: 0 }),
    page: s.integer({ minimum: 1 }),
    pageSize: s.integer({ minimum: 1 }),
  }),
});

/** The ranking by tickets held (masked names), and the member's own place. */
export const raffleRanking = defineCall({
  name: 'raffleRanking',
  group: 'promotion',
  path: '/activity/v1/raffle/ranking',
  style: 'query',
  auth: 'optional',
  summary: 'Raffle ranking: the members holding the most tickets',
  request: s.object({ id: activityId }),
  response: s.object({
    list: s.array(s.object({ rank: s.integer({ minimum: 1 }), member: s.string({ description: 'Masked' }), tickets: s.integer({ minimum: 1 }), mine: s.boolean() })),
    mine: s.nullable(s.object({ rank: s.integer({ minimum: 1 }), tickets: s.integer({ minimum: 1 }) })),
  }),
});

/** A round's public commitment. */
export const FairRoundView = s.object({
  roundKey: s.string(),
  seedHash: s.string(),
  serverSeed: s.nullable(s.string({ description: 'Revealed once the round has closed' })),
  committedAt: time('The hash was published'),
  opensAt: time('Opens'),
  closesAt: time('Closes'),
  revealedAt: s.nullable(time('The seed was revealed')),
});
export type FairRoundView = Infer<typeof FairRoundView>;

/** Every committed round of an activity: the hash before it opens, the seed after it closes. */
export const fairRounds = defineCall({
  name: 'fairRounds',
  group: 'promotion',
  path: '/activity/v1/fair/rounds',
  style: 'query',
  auth: 'optional',
  summary: "Fairness: an activity's round commitments, with the seeds of closed rounds",
  request: s.object({ id: activityId }),
  response: s.object({ list: s.array(FairRoundView) }),
});

/** The member's own fair results of an activity of any kind (draws, spins, prizes, scratch cards, red packets), with their inputs. */
export const fairMine = defineCall({
  name: 'fairMine',
  group: 'promotion',
  path: '/activity/v1/fair/mine',
  style: 'query',
  auth: 'member',
  summary: "Fairness: the member's results of an activity with every input to recompute them",
  request: s.object({ id: activityId }),
  response: s.object({ list: s.array(DrawRecord) }),
});
