import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * The content pages' calls (issue 19; docs/NEWS.md): soccer news, experts and matches (spec
 * section 7 "news-soccer news/experts/matches"), the operator's article desk, and the lottery
 * results read from the studio's minute dice draw. Public reads under /news/v1/, operator
 * writes under /ops/v1/news/. Article bodies are HTML sanitised by the server on write and
 * again on read (an allow-list: no script, no event handler, no style); the site renders
 * only that HTML.
 */

/** Articles a news page lists unless `pageSize` says otherwise. */
export const NEWS_PAGE_SIZE_DEFAULT = 10;
/** The largest page of articles or draws (our choice). */
export const NEWS_PAGE_SIZE_MAX = 50;
/** The longest article body an operator may send, in characters of HTML (our choice: a long feature is about 30,000). */
export const NEWS_BODY_MAX = 100_000;
/** The languages an article is written in (the site's languages). */
export const NEWS_LANGUAGES = ['zh-CN', 'en'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];
/** An article's life: written (draft), on the site (published), taken down (unpublished). */
export const NEWS_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
/** What an expert's pick came to (the market's settlement of the picked selection). */
export const PICK_RESULTS = ['pending', 'won', 'lost', 'half_won', 'half_lost', 'void'] as const;
export type PickResult = (typeof PICK_RESULTS)[number];

const page = s.optional(s.integer({ minimum: 1, maximum: 10_000, description: 'Page number, from 1' }));
const pageSize = s.optional(s.integer({ minimum: 1, maximum: NEWS_PAGE_SIZE_MAX, description: `Items a page (${NEWS_PAGE_SIZE_DEFAULT} when absent, at most ${NEWS_PAGE_SIZE_MAX})` }));
const articleId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The article's id" });
const language = s.enum(NEWS_LANGUAGES, { description: 'zh-CN or en' });
const day = s.string({ minLength: 10, maxLength: 10, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Beijing calendar day (UTC+8), YYYY-MM-DD' });
const venueCode = s.string({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description: 'A lottery venue of the brand, e.g. LBLOTTO' });
const imageUrl = s.string({ maxLength: 200_000, description: "A same-origin path ('/...') or a data:image URL; empty for none" });

const summaryProps = {
  id: s.integer(),
  language,
  title: s.string(),
  summary: s.string({ description: 'Plain text' }),
  coverUrl: s.string({ description: "Same-origin path or data:image URL; '' for none" }),
  author: s.string(),
  publishedAt: s.string({ description: 'ISO 8601 time' }),
};
/** An article as a list shows it. */
export const NewsArticleSummary = s.object(summaryProps);
export type NewsArticleSummary = Infer<typeof NewsArticleSummary>;

/** A published article with its body. */
export const NewsArticle = s.object({
  ...summaryProps,
  bodyHtml: s.string({ description: 'Sanitised HTML (allow-listed tags and attributes only)' }),
  updatedAt: s.string({ description: 'ISO 8601 time' }),
});
export type NewsArticle = Infer<typeof NewsArticle>;

/** Published soccer news of the brand in one language, newest first. */
export const newsSoccerNews = defineCall({
  name: 'newsSoccerNews',
  group: 'news',
  path: '/news/v1/soccer/news',
  style: 'query',
  auth: 'optional',
  summary: 'Soccer news: published articles of the brand in one language, newest first, paged',
  request: s.object({ language: s.optional(language), page, pageSize }),
  response: s.object({ list: s.array(NewsArticleSummary), total: s.integer({ minimum: 0 }), page: s.integer({ minimum: 1 }), pageSize: s.integer({ minimum: 1 }) }),
});

/** One published article; newsArticleNotFound for a draft, an unpublished or another brand's article. */
export const newsArticleDetail = defineCall({
  name: 'newsArticleDetail',
  group: 'news',
  path: '/news/v1/soccer/news/detail',
  style: 'query',
  auth: 'optional',
  summary: 'One published article with its sanitised body',
  request: s.object({ id: articleId }),
  response: NewsArticle,
});

/** An expert's pick: one selection of one fixture's market, with the price when picked. */
export const ExpertPick = s.object({
  id: s.integer(),
  fixtureId: s.string(),
  leagueZh: s.string(),
  leagueEn: s.string(),
  homeZh: s.string(),
  homeEn: s.string(),
  awayZh: s.string(),
  awayEn: s.string(),
  startsAt: s.string({ description: 'ISO 8601 kick-off time' }),
  marketZh: s.string({ description: "The market, e.g. '全场独赢'" }),
  marketEn: s.string({ description: "The market, e.g. 'Full time 1X2'" }),
  selectionZh: s.string(),
  selectionEn: s.string(),
  odds: s.integer({ minimum: 1001, description: 'Decimal odds times 1000 when picked' }),
  analysis: s.string({ description: 'Plain text' }),
  result: s.enum(PICK_RESULTS),
  pickedAt: s.string({ description: 'ISO 8601 time' }),
});
export type ExpertPick = Infer<typeof ExpertPick>;

/** An expert and their record: settled picks by result. */
export const NewsExpert = s.object({
  id: s.integer(),
  nameZh: s.string(),
  nameEn: s.string(),
  titleZh: s.string(),
  titleEn: s.string(),
  avatarUrl: s.string({ description: 'Same-origin path or data:image URL' }),
  record: s.object({
    picks: s.integer({ minimum: 0 }),
    won: s.integer({ minimum: 0, description: 'Won and half won' }),
    lost: s.integer({ minimum: 0, description: 'Lost and half lost' }),
    void: s.integer({ minimum: 0 }),
    pending: s.integer({ minimum: 0 }),
    winRateBasisPoints: s.integer({ minimum: 0, maximum: 10_000, description: 'won / (won + lost) in hundredths of a percent; 0 with no decided pick' }),
  }),
  picks: s.array(ExpertPick, { description: 'The latest picks, open ones first' }),
});
export type NewsExpert = Infer<typeof NewsExpert>;

/** The brand's soccer experts with their record and latest picks. */
export const newsSoccerExperts = defineCall({
  name: 'newsSoccerExperts',
  group: 'news',
  path: '/news/v1/soccer/experts',
  style: 'query',
  auth: 'optional',
  summary: 'Soccer experts: record (won, lost, void, pending, win rate) and latest picks tied to fixtures',
  request: s.empty(),
  response: s.object({ experts: s.array(NewsExpert) }),
});

/** One upcoming or live soccer match as the news page's matches tab lists it, with the expert picks on it. */
export const NewsMatch = s.object({
  fixtureId: s.string(),
  leagueZh: s.string(),
  leagueEn: s.string(),
  homeZh: s.string(),
  homeEn: s.string(),
  awayZh: s.string(),
  awayEn: s.string(),
  startsAt: s.string({ description: 'ISO 8601 kick-off time' }),
  status: s.enum(['scheduled', 'live'] as const),
  minute: s.integer({ minimum: 0 }),
  score: s.object({ home: s.integer({ minimum: 0 }), away: s.integer({ minimum: 0 }) }),
  picks: s.integer({ minimum: 0, description: 'Expert picks on this match' }),
});
export type NewsMatch = Infer<typeof NewsMatch>;

/** Soccer matches live now and coming next (from the sports feed), kick-off order. */
export const newsSoccerMatches = defineCall({
  name: 'newsSoccerMatches',
  group: 'news',
  path: '/news/v1/soccer/matches',
  style: 'query',
  auth: 'optional',
  summary: 'Soccer matches live now and coming next from the sports feed, with the expert picks on each',
  request: s.object({ limit: s.optional(s.integer({ minimum: 1, maximum: NEWS_PAGE_SIZE_MAX })) }),
  response: s.object({ matches: s.array(NewsMatch) }),
});

// ---- The operator's article desk ----------------------------------------------------------

/** An article as the desk sees it: any status, with its version. */
export const OpsNewsArticle = s.object({
  id: s.integer(),
  siteId: s.integer(),
  language,
  title: s.string(),
  summary: s.string(),
  coverUrl: s.string(),
  author: s.string(),
  bodyHtml: s.string({ description: 'As stored: sanitised on write' }),
  status: s.enum(NEWS_STATUSES),
  publishedAt: s.nullable(s.string({ description: 'ISO 8601; the first publication (or the time set), null before' })),
  version: s.integer({ minimum: 1, description: 'Grows with every change' }),
  updatedAt: s.string(),
});
export type OpsNewsArticle = Infer<typeof OpsNewsArticle>;

const ArticleFields = {
  language,
  title: s.string({ minLength: 1, maxLength: 120, description: 'Plain text, 1 to 120 characters' }),
  summary: s.string({ maxLength: 300, description: 'Plain text, at most 300 characters' }),
  coverUrl: imageUrl,
  author: s.string({ minLength: 1, maxLength: 40 }),
  bodyHtml: s.string({ minLength: 1, maxLength: NEWS_BODY_MAX, description: 'HTML; sanitised before it is stored' }),
};

/** Writes a new article as a draft (its body sanitised). */
export const opsNewsArticleCreate = defineCall({
  name: 'opsNewsArticleCreate',
  group: 'operator',
  path: '/ops/v1/news/article/create',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: write a news article (a draft; the body is sanitised)',
  request: s.object({ siteId: s.integer({ minimum: 1, maximum: INT4_MAX }), ...ArticleFields }),
  response: OpsNewsArticle,
});

/** Changes an article's fields (a published article stays published with the new text); `version` must be the one read. */
export const opsNewsArticleUpdate = defineCall({
  name: 'opsNewsArticleUpdate',
  group: 'operator',
  path: '/ops/v1/news/article/update',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: change an article (optimistic: the version read must still be current)',
  request: s.object({
    id: articleId,
    version: s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The version read; newsArticleChanged if another change came first' }),
    language: s.optional(ArticleFields.language),
    title: s.optional(ArticleFields.title),
    summary: s.optional(ArticleFields.summary),
    coverUrl: s.optional(ArticleFields.coverUrl),
    author: s.optional(ArticleFields.author),
    bodyHtml: s.optional(ArticleFields.bodyHtml),
  }),
  response: OpsNewsArticle,
});

/**
 * Publishes an article (draft or unpublished), now or at `publishAt` (then members see it
 * from that time). Publishing a published article changes nothing. An article whose body
 * holds no text or image once sanitised is refused (newsArticleEmpty).
 */
export const opsNewsArticlePublish = defineCall({
  name: 'opsNewsArticlePublish',
  group: 'operator',
  path: '/ops/v1/news/article/publish',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: publish an article now or at a time; idempotent',
  request: s.object({ id: articleId, publishAt: s.optional(s.string({ maxLength: 40, description: 'ISO 8601 time; now when absent' })) }),
  response: OpsNewsArticle,
});

/** Takes an article off the site (members get newsArticleNotFound); unpublishing again changes nothing. */
export const opsNewsArticleUnpublish = defineCall({
  name: 'opsNewsArticleUnpublish',
  group: 'operator',
  path: '/ops/v1/news/article/unpublish',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: take an article off the site; idempotent',
  request: s.object({ id: articleId }),
  response: OpsNewsArticle,
});

/** The desk's list: a brand's articles of every status, last changed first. */
export const opsNewsArticleList = defineCall({
  name: 'opsNewsArticleList',
  group: 'operator',
  path: '/ops/v1/news/article/list',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: the articles of a brand, any status, last changed first',
  request: s.object({ siteId: s.integer({ minimum: 1, maximum: INT4_MAX }), status: s.optional(s.enum(NEWS_STATUSES)), limit: s.optional(s.integer({ minimum: 1, maximum: 200 })) }),
  response: s.object({ list: s.array(OpsNewsArticle) }),
});

/**
 * Records an expert's pick on a fixture's market from the sports feed (the fixture not
 * ended, the market active, the selection open), at the current odds; the pick's result
 * follows the market's settlement.
 */
export const opsNewsExpertPick = defineCall({
  name: 'opsNewsExpertPick',
  group: 'operator',
  path: '/ops/v1/news/expert/pick',
  style: 'json',
  auth: 'operator',
  summary: "Operator: record an expert's pick on an open market of a fixture",
  request: s.object({
    expertId: s.integer({ minimum: 1, maximum: INT4_MAX }),
    fixtureId: s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_:.-]+$' }),
    marketId: s.string({ minLength: 1, maxLength: 64 }),
    selectionId: s.string({ minLength: 1, maxLength: 64 }),
    analysis: s.string({ maxLength: 1000, description: 'Plain text' }),
  }),
  response: ExpertPick,
});

// ---- Lottery results (the studio's minute dice draw) --------------------------------------

/** A lottery venue of the brand. */
export const LotteryVenue = s.object({ venueCode: s.string(), nameZh: s.string(), nameEn: s.string() });
export type LotteryVenue = Infer<typeof LotteryVenue>;

const drawProps = {
  venueCode: s.string(),
  drawNo: s.integer({ minimum: 0, description: 'The minute since the epoch the draw closes' }),
  drawAt: s.string({ description: 'ISO 8601 time of the result' }),
  dice: s.array(s.integer({ minimum: 1, maximum: 6 }), { minItems: 3, maxItems: 3 }),
  sum: s.integer({ minimum: 3, maximum: 18 }),
  size: s.enum(['big', 'small', 'triple'] as const, { description: 'big 11-17, small 4-10; a triple is neither' }),
  parity: s.enum(['odd', 'even', 'triple'] as const),
  result: s.string({ description: "The studio's result line, e.g. 'Dice 2 3 6, sum 11 (big)'" }),
  revealed: s.boolean({ description: 'The server seed is public, so the draw can be verified' }),
};
/** One draw as the results list shows it. */
export const LotteryDraw = s.object(drawProps);
export type LotteryDraw = Infer<typeof LotteryDraw>;

/** The brand's lottery venues and their draws of a Beijing day, latest first. */
export const lotteryDraws = defineCall({
  name: 'lotteryDraws',
  group: 'news',
  path: '/news/v1/lottery/draws',
  style: 'query',
  auth: 'optional',
  summary: 'Lottery results: the draws of a venue (the first lottery venue when absent) on a Beijing day (today when absent), latest first, paged',
  request: s.object({ venueCode: s.optional(venueCode), day: s.optional(day), page, pageSize }),
  response: s.object({
    venues: s.array(LotteryVenue),
    venueCode: s.string({ description: "The venue listed; '' when the brand has none" }),
    day: s.string(),
    list: s.array(LotteryDraw),
    total: s.integer({ minimum: 0 }),
    page: s.integer({ minimum: 1 }),
    pageSize: s.integer({ minimum: 1 }),
  }),
});

/** One draw with what verifies it. */
export const LotteryDrawDetail = s.object({
  ...drawProps,
  venueNameZh: s.string(),
  venueNameEn: s.string(),
  serverSeedHash: s.string({ description: 'SHA-256 (hex) of the server seed, published before the draw' }),
  serverSeed: s.nullable(s.string({ description: 'Revealed once the next block of 100 draws began; null before' })),
  clientSeed: s.string({ description: 'The table id, e.g. draw-LBLOTTO' }),
  nonce: s.integer({ minimum: 0, description: 'The draw number' }),
  revealsAt: s.string({ description: 'ISO 8601: when the server seed is revealed (the next seed block begins)' }),
});
export type LotteryDrawDetail = Infer<typeof LotteryDrawDetail>;

/** One draw of a brand's lottery venue; lotteryDrawNotFound when it was not drawn. */
export const lotteryDrawDetail = defineCall({
  name: 'lotteryDrawDetail',
  group: 'news',
  path: '/news/v1/lottery/draw',
  style: 'query',
  auth: 'optional',
  summary: 'One lottery draw with its provably fair data (seed hash, seed once revealed, client seed, nonce)',
  request: s.object({ venueCode, drawNo: s.integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) }),
  response: LotteryDrawDetail,
});
