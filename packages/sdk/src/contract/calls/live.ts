import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * Live and sports calls of spec section 7 ("Live and sports"), the anchor room and the home
 * sport block (issue 19; docs/ANCHOR-ROOM.md). Served under /live/v1/. Rooms and streams
 * come from the video host, matches and scores from lobby's sports store, coins and gifts
 * from the anchor tables. Scores are pushed on the sports feed's fixture topics.
 */

/** Spec section 9: "Popular live page size 100". */
export const POPULAR_LIVE_PAGE_SIZE = 100;
/** Rooms the popular live top shows (our choice: one row of the page). */
export const POPULAR_LIVE_TOP_SIZE = 5;
/** Matches the home sport block lists (our choice). */
export const HOME_MATCH_LIST_SIZE = 10;
/** Senders the home coin rank shows, and the days it sums (our choice). */
export const COIN_RANK_SIZE = 10;
export const COIN_RANK_DAYS = 7;
/** Past meetings and recent results the game assist answers (our choice). */
export const GAME_ASSIST_SIZE = 5;

const fixtureId = s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_:.-]+$', description: "The sports store's fixture id" });
const roomId = s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: "The video host's room id" });

/** A match as the live pages show it (spec section 3 "Home sport": homeScore, guestScore, isStart). */
const liveMatchProps = {
  fixtureId: s.string(),
  sport: s.string({ description: 'football, basketball, esoccer, moba' }),
  kind: s.enum(['sports', 'esports'] as const),
  leagueEn: s.string(),
  leagueZh: s.string(),
  homeEn: s.string(),
  homeZh: s.string(),
  guestEn: s.string(),
  guestZh: s.string(),
  startsAt: s.string({ description: 'ISO 8601 kick-off' }),
  status: s.enum(['scheduled', 'live', 'ended', 'cancelled'] as const),
  minute: s.integer({ minimum: 0 }),
  homeScore: s.integer({ minimum: 0 }),
  guestScore: s.integer({ minimum: 0 }),
  isStart: s.boolean({ description: 'The match has kicked off (live or ended)' }),
  version: s.integer({ minimum: 0, description: "The fixture's version: a pushed score with a lower one is stale" }),
};
export const LiveMatch = s.object(liveMatchProps);
export type LiveMatch = Infer<typeof LiveMatch>;

/** A room of the video host with the match it covers. */
export const LiveRoom = s.object({
  roomId: s.string({ description: "The video host's room id" }),
  anchorId: s.integer({ description: "The brand's anchor broadcasting in the room (the gift recipient)" }),
  anchorName: s.string(),
  avatar: s.string({ description: 'Same-origin image path' }),
  title: s.string(),
  categoryId: s.integer({ description: "The video host's category" }),
  anchorStatus: s.integer({ minimum: 0, maximum: 1, description: '1 the anchor is live, 0 offline' }),
  viewers: s.integer({ minimum: 0 }),
  fixtureId: s.nullable(s.string()),
  match: s.nullable(LiveMatch),
});
export type LiveRoom = Infer<typeof LiveRoom>;

/** Spec section 9: page 1, size 100 by default; rooms live first, then by viewers. */
export const popularLiveList = defineCall({
  name: 'popularLiveList',
  group: 'live',
  path: '/live/v1/popular_live_list',
  style: 'query',
  auth: 'optional',
  summary: 'Popular live rooms (live first, most viewers first), page 1 size 100 by default',
  request: s.object({
    page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })),
    size: s.optional(s.integer({ minimum: 1, maximum: POPULAR_LIVE_PAGE_SIZE })),
  }),
  response: s.object({ list: s.array(LiveRoom), total: s.integer({ minimum: 0 }), page: s.integer(), size: s.integer() }),
});

/** The few live rooms with most viewers, for the top of the anchor page. */
export const popularLiveTop = defineCall({
  name: 'popularLiveTop',
  group: 'live',
  path: '/live/v1/popular_live_top',
  style: 'query',
  auth: 'optional',
  summary: `The ${POPULAR_LIVE_TOP_SIZE} live rooms with most viewers`,
  request: s.empty(),
  response: s.object({ list: s.array(LiveRoom) }),
});

/** One anchor room: the room, its chat room, the match it covers. */
export const anchorRoomDetail = defineCall({
  name: 'anchorRoomDetail',
  group: 'live',
  path: '/live/v1/anchor_room',
  style: 'query',
  auth: 'optional',
  summary: 'An anchor room: the room, its chat room id and the match it covers',
  request: s.object({ roomId }),
  response: s.object({ room: LiveRoom, chatRoomId: s.integer({ minimum: 1 }) }),
});

/** A match with the rooms that cover it. */
export const matchDetail = defineCall({
  name: 'matchDetail',
  group: 'live',
  path: '/live/v1/match_detail',
  style: 'query',
  auth: 'optional',
  summary: 'A match with its score and the live rooms covering it',
  request: s.object({ fixtureId }),
  response: s.object({ match: LiveMatch, rooms: s.array(LiveRoom) }),
});

export const LiveSelection = s.object({
  id: s.string(),
  nameEn: s.string(),
  nameZh: s.string(),
  odds: s.integer({ minimum: 1001, description: 'Decimal odds times 1000 (OddsMilli)' }),
  active: s.boolean(),
});

export const LiveMarket = s.object({
  marketId: s.string(),
  type: s.enum(['1x2', 'asian_handicap', 'over_under'] as const),
  line: s.nullable(s.integer({ description: 'Handicap of the home side or the total, in quarters' })),
  status: s.string({ description: 'active, suspended, ... (sdk MARKET_STATUSES)' }),
  version: s.integer(),
  selections: s.array(LiveSelection),
});

/** A fixture's main markets: 1X2, the main Asian handicap and the main total (the lines priced closest to even). */
export const matchOdds = defineCall({
  name: 'matchOdds',
  group: 'live',
  path: '/live/v1/match_odds',
  style: 'query',
  auth: 'optional',
  summary: "A match's main markets (1X2, main handicap, main total)",
  request: s.object({ fixtureId }),
  response: s.object({ fixtureId: s.string(), markets: s.array(LiveMarket) }),
});

export const WATCH_TARGETS = ['room', 'match'] as const;
const watchProps = {
  targetType: s.enum(WATCH_TARGETS, { description: 'room (an anchor room) or match (a fixture)' }),
  targetId: s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_:.-]+$', description: 'The room id or the fixture id' }),
};
const watchTarget = s.object(watchProps);

/** Does the member watch (follow) this room or match? */
export const watchStatus = defineCall({
  name: 'watchStatus',
  group: 'live',
  path: '/live/v1/watch_status',
  style: 'query',
  auth: 'member',
  summary: 'Whether the member follows a room or match, and how many members do',
  request: watchTarget,
  response: s.object({ watching: s.boolean(), watchers: s.integer({ minimum: 0 }) }),
});

/** Follows or unfollows a room or match; the same request twice changes nothing more. */
export const watchSet = defineCall({
  name: 'watchSet',
  group: 'live',
  path: '/live/v1/watch_set',
  style: 'json',
  auth: 'member',
  summary: 'Follow or unfollow a room or match',
  request: s.object({ ...watchProps, watching: s.boolean() }),
  response: s.object({ watching: s.boolean(), watchers: s.integer({ minimum: 0 }) }),
});

export const ChatroomStatus = s.object({
  roomId: s.string({ description: 'The anchor room' }),
  imId: s.integer({ description: 'Its chat room id (for the chat box)' }),
  imTopic: s.string({ description: 'The MQTT topic of the chat room' }),
  topic: s.string({ description: "The chat room's title" }),
  status: s.integer({ minimum: 0, maximum: 1, description: '1 open, 0 closed (site chat switch off or anchor offline)' }),
  muted: s.boolean({ description: 'The member is muted in it (false for a visitor)' }),
});

/** Which anchor rooms' chat is open, muted for this member, and their topics. */
export const chatroomStatusList = defineCall({
  name: 'chatroomStatusList',
  group: 'live',
  path: '/live/v1/chatroom_status_list',
  style: 'query',
  auth: 'optional',
  summary: "The anchor rooms' chat rooms: open or closed, muted, topics",
  request: s.object({ roomIds: s.optional(s.string({ maxLength: 6500, pattern: '^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+){0,99}$', description: 'Comma-separated room ids (every room when absent)' })) }),
  response: s.object({ list: s.array(ChatroomStatus) }),
});

/** The brand's venues where a match can be bet (sports venues for sports, e-sports venues for e-sports). */
export const venueFetch = defineCall({
  name: 'venueFetch',
  group: 'live',
  path: '/live/v1/venue_fetch',
  style: 'query',
  auth: 'optional',
  summary: 'The venues of the brand where a match can be bet',
  request: s.object({ fixtureId }),
  response: s.object({
    fixtureId: s.string(),
    list: s.array(s.object({ venueCode: s.string(), enName: s.string(), zhName: s.string(), gameType: s.integer({ minimum: 1, maximum: 2 }) })),
  }),
});

/** Live matches now and matches of today (UTC+8, the brand's day). */
export const totalMatchCount = defineCall({
  name: 'totalMatchCount',
  group: 'live',
  path: '/live/v1/total_match_count',
  style: 'query',
  auth: 'optional',
  summary: 'Matches live now and matches of today (UTC+8), for sports or e-sports',
  request: s.object({ kind: s.optional(s.enum(['sports', 'esports'] as const, { description: 'sports when absent' })) }),
  response: s.object({ live: s.integer({ minimum: 0 }), today: s.integer({ minimum: 0 }) }),
});

const pastMatch = s.object({
  fixtureId: s.string(),
  startsAt: s.string(),
  homeEn: s.string(),
  homeZh: s.string(),
  guestEn: s.string(),
  guestZh: s.string(),
  homeScore: s.integer(),
  guestScore: s.integer(),
});

const form = s.object({
  teamEn: s.string(),
  results: s.array(s.enum(['W', 'D', 'L'] as const), { description: 'Latest first' }),
  matches: s.array(pastMatch),
});

/** Head-to-head and recent form of a match's two teams, from the sports store's ended matches. */
export const gameAssist = defineCall({
  name: 'gameAssist',
  group: 'live',
  path: '/live/v1/game_assist',
  style: 'query',
  auth: 'optional',
  summary: `Last ${GAME_ASSIST_SIZE} meetings of the two teams and each team's last ${GAME_ASSIST_SIZE} results`,
  request: s.object({ fixtureId }),
  response: s.object({ fixtureId: s.string(), headToHead: s.array(pastMatch), home: form, guest: form }),
});

export const CoinRankEntry = s.object({
  rank: s.integer({ minimum: 1 }),
  name: s.string({ description: 'Masked sender' }),
  coins: s.integer({ minimum: 1 }),
});

export const MatchVideoDetail = s.object({
  roomId: s.string(),
  anchorId: s.integer(),
  anchorName: s.string(),
  avatar: s.string(),
  title: s.string(),
  viewers: s.integer({ minimum: 0 }),
});

export const HomeSport = s.object({
  matchList: s.array(LiveMatch, { description: 'Empty under match-list maintenance' }),
  currentMatch: s.nullable(s.object({ ...liveMatchProps, anchorStatus: s.integer({ minimum: 0, maximum: 1 }) })),
  matchVideoDetail: s.nullable(MatchVideoDetail),
  playingType: s.string({ description: "The current match's sport (football, basketball, esoccer, moba), empty without one" }),
  coinRankList: s.array(CoinRankEntry),
  giftConfig: s.array(s.object({ giftId: s.integer(), giftName: s.string(), coins: s.integer(), icon: s.string(), sort: s.integer() })),
  maintenance: s.object({ video: s.boolean(), matchList: s.boolean() }),
});
export type HomeSport = Infer<typeof HomeSport>;

/**
 * Home's match block (spec section 3 "Home sport"; section 4: video maintenance clears
 * the video detail, match-list maintenance clears the match list).
 */
export const homeSport = defineCall({
  name: 'homeSport',
  group: 'live',
  path: '/live/v1/home_sport',
  style: 'query',
  auth: 'optional',
  summary: 'Home sport: match list, current match, its video, playing type, coin rank, gift config',
  request: s.empty(),
  response: HomeSport,
});

/** Spec section 3 general control switches lobby serves: 2 chat room, 3 anchor, 4 sports. */
export const controlSwitchConfig = defineCall({
  name: 'controlSwitchConfig',
  group: 'live',
  path: '/live/v1/control_switch_config',
  style: 'query',
  auth: 'optional',
  summary: 'General control switches 2 chat room, 3 anchor (off: video maintenance), 4 sports (off: match-list maintenance)',
  request: s.empty(),
  response: s.object({ list: s.array(s.object({ switchType: s.integer({ minimum: 1, maximum: 6 }), open: s.boolean() })) }),
});

/** Operator: turns the anchor (3) or sports (4) switch on or off for a brand. */
export const opsLiveSwitchSet = defineCall({
  name: 'opsLiveSwitchSet',
  group: 'operator',
  path: '/ops/v1/live-switch',
  style: 'json',
  auth: 'operator',
  summary: 'Set control switch 3 (anchor) or 4 (sports) of a brand',
  request: s.object({ siteId: s.integer({ minimum: 1, maximum: INT4_MAX }), switchType: s.enum([3, 4] as const), open: s.boolean() }),
  response: s.object({ switchType: s.integer(), open: s.boolean() }),
});

/**
 * Spec section 4 "Coin purchase flow" step 3: the anchor buy-gold event (user_id,
 * gold_count, recharge_amount) after a purchase, recorded against the member's coin order.
 * The same order's event twice is recorded once.
 */
export const anchorBuyGoldEvent = defineCall({
  name: 'anchorBuyGoldEvent',
  group: 'live',
  path: '/live/v1/anchor_buy_gold_event',
  style: 'json',
  auth: 'member',
  summary: 'Record the anchor buy-gold event of a coin purchase',
  request: s.object({
    gold_count: s.integer({ minimum: 1, maximum: 10_000_000 }),
    recharge_amount: s.number({ minimum: 0.01, maximum: 10_000_000, description: 'Yuan paid' }),
    roomId: s.optional(roomId),
  }),
  response: s.object({ billNo: s.string({ description: 'The coin order the event belongs to' }), recorded: s.boolean({ description: 'false when it was recorded before' }) }),
});
