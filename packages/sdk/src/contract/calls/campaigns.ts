import { defineCall } from '../call.js';
import { INT4_MAX, SAFE_INTEGER_MAX, s, type Infer } from '../schema.js';

/**
 * Football campaigns (issue 21; docs/CAMPAIGNS.md): guesses on real fixtures of the sports
 * feed (guess activity, soccer lottery, euro24 quiz, champions league, surviving), the Euro
 * cup carnival (spec section 3 "Euro cup config", section 4 "Carnival apply", code 711), and
 * the football shot penalty game (commit/reveal, prizes from the engine; the demo moves no
 * money). Every campaign is an activity of the promotion engine; money in fen.
 */

/** The guess modes: 1X2 result, exact score (soccer lottery), survivor (a wrong or drawn pick puts the member out). */
export const GUESS_MODES = ['result', 'score', 'survivor'] as const;
export type GuessMode = (typeof GUESS_MODES)[number];
/** A guess's state: waiting for the match, right (paid), wrong, or void (match cancelled). */
export const GUESS_STATES = ['open', 'won', 'lost', 'void'] as const;
/** Where the keeper dives and the member shoots: 0 left, 1 centre, 2 right. */
export const SHOT_DIRECTIONS = [0, 1, 2] as const;
/** The pages that show the brand's current campaign of a slot (no id in their route). */
export const CAMPAIGN_SLOTS = ['champions-league', 'fullMemberActivity', 'registrantion'] as const;
export type CampaignSlot = (typeof CAMPAIGN_SLOTS)[number];
/** Spec section 4 "Euro refresh guard": the same activity refreshed within this many ms shows "don't refresh". */
export const CARNIVAL_REFRESH_GUARD_MS = 5_000;

/**
 * Spec section 4 "Carnival apply": the modal step 1 and step 2 open, from the code each answered
 * (the spec's 200 is lobby's 0). Step 1: 200 → 1, otherwise 2. Step 2: 200 → 3, 711 → 2, otherwise 1.
 *
 * @example carnivalModal(1, 0) // 1
 */
export function carnivalModal(step: 1 | 2, code: number): 1 | 2 | 3 {
  const ok = code === 0 || code === 200;
  if (step === 1) return ok ? 1 : 2;
  if (ok) return 3;
  return code === 711 ? 2 : 1;
}

const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version shown beside the button' });
const minor = (description: string) => s.integer({ minimum: 0, maximum: SAFE_INTEGER_MAX, description });
const time = (description: string) => s.string({ description: `ISO 8601 time: ${description}` });
const status = s.integer({ minimum: 0, maximum: 2, description: 'Activity status (spec section 4): 0 NotStart, 1 Pending, 2 End' });
const text = (description: string) => s.string({ description });

const head = {
  activityId: s.integer(),
  kind: text('The activity kind'),
  title: text('Plain text'),
  status,
  paused: s.boolean(),
  startsAt: time('the activity starts'),
  endsAt: time('the activity ends'),
  termsText: text('Plain text'),
  termsVersion: s.integer({ minimum: 1 }),
  serverTime: time('the server read this (countdowns run from it)'),
};

/** A fixture of the sports feed as a guess shows it. */
export const GuessFixture = s.object({
  fixtureId: text('The feed fixture id'),
  leagueEn: text('League'), leagueZh: text('League'),
  homeEn: text('Home team'), homeZh: text('Home team'), awayEn: text('Away team'), awayZh: text('Away team'),
  startsAt: time('kick-off'),
  status: s.enum(['scheduled', 'live', 'ended', 'cancelled'] as const),
  homeScore: s.integer({ minimum: 0 }),
  awayScore: s.integer({ minimum: 0 }),
  open: s.boolean({ description: 'Guesses are taken (not kicked off, inside the activity)' }),
});
export type GuessFixture = Infer<typeof GuessFixture>;

/** One of the member's guesses. */
export const GuessRecord = s.object({
  fixtureId: text('The fixture'),
  pick: text("'home', 'draw', 'away', or an exact score 'h-a'"),
  state: s.enum(GUESS_STATES),
  placedAt: time('placed'),
  settledAt: s.nullable(time('settled')),
  rewardMinor: minor('Paid for this guess (0 unless won and paid)'),
  note: text("Why a won guess was not paid (the budget ran out), else ''"),
  match: text('Home v away, final score once ended'),
});
export type GuessRecord = Infer<typeof GuessRecord>;

export const GuessInfo = s.object({
  ...head,
  mode: s.enum(GUESS_MODES),
  rewardMinor: minor('Paid for each right guess'),
  guessesPerMember: s.integer({ minimum: 1 }),
  fixtures: s.array(GuessFixture, { description: 'Football fixtures of the feed in the window: open ones first by kick-off, then in play, then ended' }),
  myGuesses: s.array(GuessRecord, { description: "The member's guesses, newest first (empty for a visitor)" }),
  guessesLeft: s.integer({ minimum: 0 }),
  eliminated: s.boolean({ description: 'Survivor mode: the member is out' }),
});
export type GuessInfo = Infer<typeof GuessInfo>;

/** A guess page: the fixtures to guess, the rules, the member's guesses (settling any whose match ended). */
export const campaignGuessInfo = defineCall({
  name: 'campaignGuessInfo',
  group: 'activities',
  path: '/activity_api/guess/info',
  style: 'query',
  auth: 'optional',
  summary: 'Guess activity, soccer lottery, euro24 quiz, champions league, surviving: fixtures of the sports feed, rules and the member\'s guesses',
  request: s.object({ activityId }),
  response: GuessInfo,
});

/** Places a guess on a fixture before kick-off; it is settled by the match's result and a right guess is paid from the budget. */
export const campaignGuessPlace = defineCall({
  name: 'campaignGuessPlace',
  group: 'activities',
  path: '/activity_api/guess/place',
  style: 'json',
  auth: 'member',
  summary: 'Place a guess (guessFixtureNotFound, guessClosed after kick-off, guessAlreadyPlaced, guessPickInvalid, guessLimitReached, survivorEliminated)',
  request: s.object({
    activityId,
    termsVersion,
    fixtureId: s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9:_.-]+$', description: 'The feed fixture id' }),
    pick: s.union(
      s.enum(['home', 'draw', 'away'] as const, { description: 'A result (result and survivor modes; survivor takes home or away)' }),
      s.string({ minLength: 3, maxLength: 3, pattern: '^[0-9]-[0-9]$', description: "An exact score 'h-a', 0-9 goals a side (score mode)" }),
    ),
  }),
  response: s.object({ guess: GuessRecord, guessesLeft: s.integer({ minimum: 0 }) }),
});

const link = s.object({ text: text('Button text'), link: text('Same-origin path') });
/** Spec section 3 "Euro cup config", field for field. */
export const CarnivalConfig = s.object({
  activityCarnivalDetailConfig: s.object({
    betBtnConf: link,
    betConfContent: text('Text under the bet button'),
    countdownConf: s.boolean({ description: 'Show the countdown' }),
    countdownTxt: text('Text beside the countdown'),
    imgBtnConf: link,
    imgUrlH5: text('Image (mobile)'),
    imgUrlWeb: text('Image (web)'),
    targetTime: time('the countdown target'),
    videoConf: s.boolean({ description: 'Show the videos' }),
    webBgImg: text('Web background image'),
  }),
  baseConfig: s.object({ webMainPicture: text('Main picture'), webBackgroundPicture: text('Background picture') }),
  activityCarnivalConfig: s.object({
    activityId: s.integer(),
    advertisingSwitch: s.enum([0, 1] as const, { description: '1 shows the advertising block' }),
    h5BackgroundUrl: text('Mobile background'),
    id: s.integer(),
    voteSwitch: s.enum([0, 1] as const, { description: '1 opens the star vote' }),
  }),
  list: s.array(s.object({ title: text('Heading'), text: text('Plain text') }), { description: 'The carnival programme' }),
});
export type CarnivalConfig = Infer<typeof CarnivalConfig>;

export const CarnivalVideo = s.object({ id: text('Video id'), title: text('Plain text'), url: text('Same-origin path or https URL'), poster: text('Poster image') });
export const CarnivalStar = s.object({ id: text('Star id'), nameZh: text('Name'), nameEn: text('Name'), team: text('Team'), votes: s.integer({ minimum: 0 }) });
export const CarnivalFan = s.object({ rank: s.integer({ minimum: 1 }), name: text('Masked member name'), votes: s.integer({ minimum: 0 }) });

export const CarnivalInfo = s.object({
  ...head,
  config: CarnivalConfig,
  carnivalVideos: s.array(CarnivalVideo),
  stars: s.array(CarnivalStar, { description: 'Vote data: every star with its votes' }),
  fansRank: s.array(CarnivalFan, { description: 'The members with the most votes, masked' }),
  applyRewardMinor: minor('Paid when the application is accepted'),
  applied: s.boolean({ description: 'The member applied (step 2 would answer 711)' }),
  votedToday: s.nullable(text('The star the member voted for today (Beijing day), null when not yet')),
  countdownSeconds: s.integer({ minimum: 0, description: 'To targetTime (0 once passed)' }),
});
export type CarnivalInfo = Infer<typeof CarnivalInfo>;

/** The carnival page: every Euro cup config field, videos, vote data, stars, fans rank, countdown. */
export const campaignCarnivalInfo = defineCall({
  name: 'campaignCarnivalInfo',
  group: 'activities',
  path: '/activity_api/carnival/info',
  style: 'query',
  auth: 'optional',
  summary: 'Euro cup carnival: config (activityCarnivalDetailConfig, baseConfig, activityCarnivalConfig, list), carnival videos, vote data, stars, fans rank',
  request: s.object({ activityId }),
  response: CarnivalInfo,
});

/** Carnival apply step 1: may the member apply? Writes nothing. */
export const campaignCarnivalApplyCheck = defineCall({
  name: 'campaignCarnivalApplyCheck',
  group: 'activities',
  path: '/activity_api/carnival/apply_check',
  style: 'json',
  auth: 'member',
  summary: 'Carnival apply step 1: 0 when the member may apply (modal 1), else the refusal (modal 2): 711 already applied, or the engine\'s code',
  request: s.object({ activityId, termsVersion }),
  response: s.object({ rewardMinor: minor('What applying pays') }),
});

/** Carnival apply step 2: applies and pays the reward once; 711 when applied before. */
export const campaignCarnivalApply = defineCall({
  name: 'campaignCarnivalApply',
  group: 'activities',
  path: '/activity_api/carnival/apply',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Carnival apply step 2: pays the reward from the budget (modal 3); 711 already applied (modal 2); any other refusal (modal 1)',
  request: s.object({ activityId, termsVersion }),
  response: s.object({ rewardMinor: minor('Paid'), wallet: s.enum(['centre'] as const) }),
});

/** The european vote: one vote a Beijing day for a star. */
export const campaignCarnivalVote = defineCall({
  name: 'campaignCarnivalVote',
  group: 'activities',
  path: '/activity_api/european/vote',
  style: 'json',
  auth: 'member',
  summary: 'Vote for a star, once a Beijing day (carnivalVoteClosed when voteSwitch is 0, carnivalStarUnknown, carnivalAlreadyVoted)',
  request: s.object({ activityId, starId: s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }) }),
  response: s.object({ starId: text('Voted for'), votes: s.integer({ minimum: 0, description: "The star's votes now" }) }),
});

/** A shot's commitment before the kick. */
export const ShotRound = s.object({
  roundId: s.integer({ minimum: 1 }),
  seedHash: text('SHA-256 of the shot\'s server seed, published before the kick'),
  clientSeed: text('The client seed'),
  nonce: s.integer({ minimum: 0 }),
  shotsLeft: s.integer({ minimum: 0, description: 'Shots left today after this one (demo: always 1)' }),
});
export type ShotRound = Infer<typeof ShotRound>;

/** A shot's outcome with its reveal. */
export const ShotResult = s.object({
  roundId: s.integer({ minimum: 1 }),
  direction: s.enum(SHOT_DIRECTIONS),
  keeper: s.enum(SHOT_DIRECTIONS, { description: "Where the keeper dived: the rule pick([1,1,1]) over HMAC-SHA256(serverSeed, clientSeed:nonce)" }),
  goal: s.boolean(),
  prizeMinor: minor('Paid for the goal (0 on a save, always 0 in the demo)'),
  serverSeed: text('Revealed after the kick'),
  seedHash: text('As committed'),
  clientSeed: text('As committed'),
  nonce: s.integer({ minimum: 0 }),
});
export type ShotResult = Infer<typeof ShotResult>;

export const ShotInfo = s.object({
  ...head,
  shotsPerDay: s.integer({ minimum: 1 }),
  goalPrizeMinor: minor('Paid for each goal'),
  shotsLeft: s.integer({ minimum: 0, description: 'Today (Beijing day); shotsPerDay for a visitor' }),
  myShots: s.array(ShotResult, { description: "The member's latest shots, newest first" }),
});
export type ShotInfo = Infer<typeof ShotInfo>;

export const campaignShotInfo = defineCall({
  name: 'campaignShotInfo',
  group: 'activities',
  path: '/activity_api/football_shot/info',
  style: 'query',
  auth: 'optional',
  summary: 'Football shot: rules, shots left today, the member\'s shots with their reveals',
  request: s.object({ activityId }),
  response: ShotInfo,
});

export const campaignShotStart = defineCall({
  name: 'campaignShotStart',
  group: 'activities',
  path: '/activity_api/football_shot/start',
  style: 'json',
  auth: 'member',
  summary: 'Football shot: commit the next shot (its seed hash); an untaken shot is answered again (shotsUsedUp when none is left today)',
  request: s.object({ activityId }),
  response: ShotRound,
});

export const campaignShotKick = defineCall({
  name: 'campaignShotKick',
  group: 'activities',
  path: '/activity_api/football_shot/kick',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: 'Football shot: kick (0 left, 1 centre, 2 right); a goal pays the prize from the budget; the seed is revealed',
  request: s.object({ activityId, roundId: s.integer({ minimum: 1, maximum: SAFE_INTEGER_MAX }), direction: s.enum(SHOT_DIRECTIONS), termsVersion }),
  response: ShotResult,
});

export const campaignShotDemoStart = defineCall({
  name: 'campaignShotDemoStart',
  group: 'activities',
  path: '/activity_api/football_shot/demo/start',
  style: 'json',
  auth: 'optional',
  summary: 'Football shot demo: commit a practice shot (no money, no activity)',
  request: s.object({}),
  response: ShotRound,
});

export const campaignShotDemoKick = defineCall({
  name: 'campaignShotDemoKick',
  group: 'activities',
  path: '/activity_api/football_shot/demo/kick',
  style: 'json',
  auth: 'optional',
  summary: 'Football shot demo: kick a practice shot; moves no money',
  request: s.object({ roundId: s.integer({ minimum: 1, maximum: SAFE_INTEGER_MAX }), direction: s.enum(SHOT_DIRECTIONS) }),
  response: ShotResult,
});

export const CampaignCard = s.object({
  activityId: s.integer(),
  kind: text('football_guess, carnival, football_shot or discount'),
  mode: text("The guess mode, '' for other kinds"),
  slot: text("The campaign slot page it fills, '' when none"),
  title: text('Plain text'),
  status,
  endsAt: time('the activity ends'),
  path: text("The member's page of the campaign"),
});
export type CampaignCard = Infer<typeof CampaignCard>;

/** The world-cup landing and the slot pages: the brand's football campaigns and the next football fixtures. */
export const campaignOverview = defineCall({
  name: 'campaignOverview',
  group: 'activities',
  path: '/activity_api/campaigns',
  style: 'query',
  auth: 'optional',
  summary: "The brand's football campaigns (not ended) with their pages and slots, and the next football fixtures of the feed",
  request: s.object({}),
  response: s.object({
    campaigns: s.array(CampaignCard),
    fixtures: s.array(GuessFixture, { description: 'The next football fixtures (up to 8)' }),
    serverTime: time('now'),
  }),
});
