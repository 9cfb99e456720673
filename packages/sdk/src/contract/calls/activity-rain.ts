import { defineCall } from '../call.js';
import { INT4_MAX, SAFE_INTEGER_MAX, s, type Infer } from '../schema.js';

/**
 * Red-packet rain (red envelope), races (leaderboards) and breakout (front barrier) (issue 20;
 * spec sections 3 "Red-packet rain", "Breakout", 4 "Barrier status", 7 "red envelope",
 * "front barrier"; docs/RED-PACKET-RAIN.md). Money on these calls is integer minor units (fen).
 */

/** The rain's status on the page (spec section 4: "starts as before opening"): 0 before opening, 1 raining, 2 ended (no session left). */
export const RAIN_STATUS = { beforeOpening: 0, raining: 1, ended: 2 } as const;
/** Spec section 4 "Barrier status": 0 not started, 1 started, 2 ended. */
export const BARRIER_STATUS = { notStarted: 0, started: 1, ended: 2 } as const;

const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version shown beside the button' });
const minor = (description: string) => s.integer({ minimum: 0, maximum: SAFE_INTEGER_MAX, description });
const time = (description: string) => s.string({ description: `ISO 8601 time: ${description}` });
const wallet = s.enum(['centre', 'bonus'] as const, { description: "Where the money lands: the centre wallet or bonus money under wagering" });
const activityStatus = s.integer({ minimum: 0, maximum: 2, description: 'Activity status (spec section 4): 0 NotStart, 1 Pending, 2 End' });

/** One rain session as the page shows it. */
export const RainSession = s.object({
  sessionKey: s.integer({ minimum: 0, description: 'The session: its opening time in seconds since the epoch' }),
  opensAt: time('the session opens'),
  closesAt: time('the session closes'),
  budgetMinor: minor('What the session splits into packets'),
  packetCount: s.integer({ minimum: 0 }),
  packetsLeft: s.integer({ minimum: 0 }),
  seedHash: s.string({ description: "SHA-256 of the split's server seed, published before the session opens; '' when not yet committed" }),
});
export type RainSession = Infer<typeof RainSession>;

/** One packet the member grabbed. */
export const RainGrab = s.object({
  sessionKey: s.integer({ minimum: 0 }),
  packetNo: s.integer({ minimum: 0 }),
  amountMinor: minor('The packet'),
  grabbedAt: time('the grab'),
});
export type RainGrab = Infer<typeof RainGrab>;

/** A rain activity as its page shows it. */
export const RainInfo = s.object({
  activityId: s.integer(),
  title: s.string(),
  status: activityStatus,
  rainStatus: s.integer({ minimum: 0, maximum: 2, description: 'RAIN_STATUS: 0 before opening, 1 raining, 2 ended' }),
  startsAt: time('the activity starts'),
  endsAt: time('the activity ends'),
  termsText: s.string({ description: 'Plain text' }),
  termsVersion: s.integer({ minimum: 1 }),
  serverTime: time('the server read this (the countdown runs from it)'),
  countdownSeconds: s.integer({ minimum: 0, description: 'To the next session opening (before opening) or to the current one closing (raining); shown as minutes:seconds' }),
  current: s.nullable(RainSession),
  next: s.nullable(RainSession),
  grabsPerMember: s.integer({ minimum: 1, description: 'Packets one member may grab in one session' }),
  packetsPerSession: s.integer({ minimum: 1 }),
  sessionBudgetMinor: minor("A session's budget"),
  wallet,
  gamePlatforms: s.array(s.object({ gamePlatform: s.string({ description: 'A venue code' }) })),
  appdownloadType: s.integer({ minimum: 0 }),
  myGrabsThisSession: s.integer({ minimum: 0, description: 'The member grabbed this many in the current session (0 for a visitor)' }),
  myGrabs: s.array(RainGrab, { description: "The member's latest grabs of this activity, newest first (empty for a visitor)" }),
});
export type RainInfo = Infer<typeof RainInfo>;

/** A rain's page: sessions, countdown, the member's grabs. */
export const redPacketRainInfo = defineCall({
  name: 'redPacketRainInfo',
  group: 'activities',
  path: '/activity_api/red_envelope/info',
  style: 'query',
  auth: 'optional',
  summary: 'Red-packet rain: the current and next session (countdown, packets left, seed hash) and the member\'s grabs',
  request: s.object({ activityId }),
  response: RainInfo,
});

/** Grabs the next packet of the open session and pays it; one idempotency key is one grab. */
export const redPacketRainGrab = defineCall({
  name: 'redPacketRainGrab',
  group: 'activities',
  path: '/activity_api/red_envelope/grab',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Red-packet rain: grab a packet of the open session (rainNotOpen between sessions, rainGrabLimit past the per-session limit, rainPacketsGone when none is left)',
  request: s.object({ activityId, termsVersion }),
  response: s.object({
    sessionKey: s.integer({ minimum: 0 }),
    packetNo: s.integer({ minimum: 0 }),
    amountMinor: minor('The packet paid'),
    wallet,
    grabsLeft: s.integer({ minimum: 0, description: 'Grabs the member has left in this session' }),
  }),
});

/** A past or committed session with what verifies its split. */
export const RainRound = s.object({
  sessionKey: s.integer({ minimum: 0 }),
  opensAt: s.string(),
  closesAt: s.string(),
  seedHash: s.string(),
  serverSeed: s.nullable(s.string({ description: 'Revealed once the session closed; null before' })),
  clientSeed: s.string(),
  nonce: s.integer({ minimum: 0 }),
  totalMinor: minor('The split total'),
  parts: s.integer({ minimum: 1 }),
  minEachMinor: minor('The least packet'),
  packetsMinor: s.array(s.integer({ minimum: 0 }), { description: 'Every packet in packet order, once revealed (empty before)' }),
  myPacketNos: s.array(s.integer({ minimum: 0 }), { description: "The member's packets of the session" }),
});
export type RainRound = Infer<typeof RainRound>;

/** The rain's latest sessions with their commitments; the member recomputes a revealed split in the browser. */
export const redPacketRainRounds = defineCall({
  name: 'redPacketRainRounds',
  group: 'activities',
  path: '/activity_api/red_envelope/rounds',
  style: 'query',
  auth: 'optional',
  summary: 'Red-packet rain: the latest sessions with seed hash, revealed seed and split, for verification',
  request: s.object({ activityId }),
  response: s.object({ rounds: s.array(RainRound) }),
});

// ---- Races ---------------------------------------------------------------------------------

/** One row of a race's board. */
export const RaceRow = s.object({
  rank: s.integer({ minimum: 1 }),
  name: s.string({ description: 'The member name, masked (ab***z)' }),
  scoreMinor: minor('Turnover or deposits in the window'),
  prizeMinor: minor("The rank's prize (0 past the prized ranks)"),
});
export type RaceRow = Infer<typeof RaceRow>;

/** A race's page: the board (live, or final once settled), the prizes and the member's place. */
export const raceBoard = defineCall({
  name: 'raceBoard',
  group: 'activities',
  path: '/activity_api/race/board',
  style: 'query',
  auth: 'optional',
  summary: 'Race: the leaderboard by turnover or deposits, prizes per rank, the member\'s own rank; final and paid once the window closed',
  request: s.object({ activityId }),
  response: s.object({
    activityId: s.integer(),
    title: s.string(),
    status: activityStatus,
    metric: s.enum(['turnover', 'deposit'] as const),
    startsAt: s.string(),
    endsAt: s.string(),
    termsText: s.string(),
    termsVersion: s.integer({ minimum: 1 }),
    serverTime: s.string(),
    prizesMinor: s.array(s.integer({ minimum: 0 }), { description: 'Prize of rank 1, 2, ...' }),
    minScoreMinor: minor('The least score that ranks'),
    wallet,
    settled: s.boolean({ description: 'The board is final and its prizes paid' }),
    board: s.array(RaceRow),
    me: s.nullable(s.object({
      rank: s.nullable(s.integer({ minimum: 1 })),
      scoreMinor: minor('The member\'s score'),
      prizeMinor: minor('What the member won (0 when none)'),
      paid: s.boolean(),
    })),
  }),
});

// ---- Breakout ------------------------------------------------------------------------------

export const BreakoutStep = s.object({
  stepNo: s.integer({ minimum: 0 }),
  points: s.integer({ minimum: 1, description: 'Points that pass the step' }),
  prizeMinor: minor('The step\'s prize'),
  reached: s.boolean({ description: 'The member has the points' }),
  claimed: s.boolean({ description: 'The member took the prize' }),
});

export const BreakoutBarrier = s.object({
  barrierNo: s.integer({ minimum: 0 }),
  title: s.string(),
  startsAt: s.string(),
  endsAt: s.string(),
  barrierStaus: s.integer({ minimum: 0, maximum: 2, description: 'Spec "barrierStaus": 0 not started, 1 started, 2 ended' }),
  pointsBalance: s.integer({ minimum: 0, description: 'The member\'s points in this barrier (0 for a visitor)' }),
  steps: s.array(BreakoutStep),
});
export type BreakoutBarrier = Infer<typeof BreakoutBarrier>;

/** A breakout's page (spec section 3 "Breakout"). */
export const breakoutInfo = defineCall({
  name: 'breakoutInfo',
  group: 'activities',
  path: '/activity_api/front_barrier/info',
  style: 'query',
  auth: 'optional',
  summary: 'Breakout: barriers with their steps and status, the member\'s points per barrier',
  request: s.object({ activityId }),
  response: s.object({
    activityId: s.integer(),
    title: s.string(),
    webMainPicture: s.string(),
    prizePoolId: s.string(),
    status: activityStatus,
    startsAt: s.string(),
    endsAt: s.string(),
    termsText: s.string(),
    termsVersion: s.integer({ minimum: 1 }),
    metric: s.enum(['turnover', 'deposit'] as const),
    minorPerPoint: s.integer({ minimum: 1, description: 'Minor units of turnover or deposit per point' }),
    wallet,
    barriers: s.array(BreakoutBarrier),
    steps: s.integer({ minimum: 0, description: 'Steps of every barrier together' }),
    carousel: s.array(s.object({ pointsName: s.string(), pointsBalance: s.integer({ minimum: 0 }), barrierStaus: s.integer({ minimum: 0, maximum: 2 }) })),
  }),
});

/** Takes the prize of a step the member's points passed. */
export const breakoutClaim = defineCall({
  name: 'breakoutClaim',
  group: 'activities',
  path: '/activity_api/front_barrier/receive',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Breakout: take the prize of a passed step (breakoutStepNotReached below its points, breakoutBarrierNotStarted before its barrier opens)',
  request: s.object({
    activityId,
    barrierNo: s.integer({ minimum: 0, maximum: 99 }),
    stepNo: s.integer({ minimum: 0, maximum: 99 }),
    termsVersion,
  }),
  response: s.object({ barrierNo: s.integer(), stepNo: s.integer(), amountMinor: minor('The prize paid'), wallet, fresh: s.boolean({ description: 'False when this step was paid before' }) }),
});
