import type { FastifyInstance } from 'fastify';
import {
  NEWS_PAGE_SIZE_DEFAULT, lotteryDrawDetail, lotteryDraws, newsArticleDetail, newsSoccerExperts, newsSoccerMatches, newsSoccerNews,
  opsNewsArticleCreate, opsNewsArticleList, opsNewsArticlePublish, opsNewsArticleUnpublish, opsNewsArticleUpdate, opsNewsExpertPick,
  type LotteryVenue,
} from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import type { CallContext } from '../http/register-call.js';
import { registerCall } from '../http/register-call.js';
import { findArticle, insertArticle, listArticles, publishedArticle, publishedPage, setArticleStatus, updateArticle, type ArticleFields } from './article-repository.js';
import { beijingDayBounds, beijingDayKey } from '../common/beijing-time.js';
import { drawDetail, drawsOfDay } from './draw-repository.js';
import { expertsOf, insertPick, pendingPicks, picksPerFixture, setPickResult, siteOfExpert } from './expert-repository.js';
import { pickOfMarket, pickResultFromFeed, soccerMatches } from './fixture-reads.js';
import { articleHasContent, imageSourceAllowed, sanitiseArticle } from './sanitise.js';

/** Matches the matches tab lists unless asked for fewer. */
const MATCHES_DEFAULT = 20;

/**
 * The content pages' calls (issue 19; docs/NEWS.md): soccer news, experts and matches, the
 * operator's article desk, and the lottery results of the studio's minute draw.
 */
export function newsRoutes(app: FastifyInstance): void {
  const now = (ctx: CallContext<unknown>) => new Date(ctx.services.providers.clock.now());
  const feed = () => (app.hasDecorator('sportsFeed') ? app.sportsFeed : undefined);

  registerCall(app, newsSoccerNews, async (ctx) => {
    const page = ctx.request.page ?? 1;
    const pageSize = ctx.request.pageSize ?? NEWS_PAGE_SIZE_DEFAULT;
    const language = ctx.request.language ?? 'zh-CN';
    const { list, total } = await publishedPage(ctx.db, { siteId: ctx.siteId, language, now: now(ctx), offset: (page - 1) * pageSize, limit: pageSize });
    return { list, total, page, pageSize };
  });

  registerCall(app, newsArticleDetail, async (ctx) => {
    const article = await publishedArticle(ctx.db, ctx.siteId, ctx.request.id, now(ctx));
    if (!article) throw new BusinessError('newsArticleNotFound', `no published article ${ctx.request.id}`);
    // Sanitised again on the way out: a body stored before a rule was tightened is served by today's rules.
    return { ...article, bodyHtml: sanitiseArticle(article.bodyHtml) };
  });

  registerCall(app, newsSoccerExperts, async (ctx) => {
    const source = feed();
    if (source) {
      for (const pick of await pendingPicks(ctx.db, ctx.siteId)) {
        const result = await pickResultFromFeed(source, ctx.db, pick);
        if (result !== 'pending') await setPickResult(ctx.db, pick.id, result);
      }
    }
    return { experts: await expertsOf(ctx.db, ctx.siteId) };
  });

  registerCall(app, newsSoccerMatches, async (ctx) => {
    const matches = await soccerMatches(ctx.db, ctx.request.limit ?? MATCHES_DEFAULT);
    const picks = await picksPerFixture(ctx.db, ctx.siteId, matches.map((match) => match.fixtureId));
    return { matches: matches.map((match) => ({ ...match, picks: picks.get(match.fixtureId) ?? 0 })) };
  });

  registerArticleDesk(app, now);

  registerCall(app, opsNewsExpertPick, async (ctx) => {
    const { expertId, fixtureId, marketId, selectionId, analysis } = ctx.request;
    if ((await siteOfExpert(ctx.db, expertId)) === undefined) throw new BusinessError('newsExpertNotFound', `no expert ${expertId}`);
    const source = feed();
    const found = source ? await source.store.market(ctx.db, fixtureId, marketId) : undefined;
    if (!found) throw new BusinessError('newsPickNotOpen', `no market ${marketId} of fixture ${fixtureId} in the sports store`);
    if (found.fixture.status !== 'scheduled' && found.fixture.status !== 'live') throw new BusinessError('newsPickNotOpen', `fixture ${fixtureId} is ${found.fixture.status}`);
    if (found.market.status !== 'active') throw new BusinessError('newsPickNotOpen', `market ${marketId} is ${found.market.status}`);
    const pick = pickOfMarket(found, selectionId);
    if (!pick || !found.market.selections.find((item) => item.id === selectionId)?.active) {
      throw new BusinessError('newsPickNotOpen', `selection ${selectionId} is not open on market ${marketId}`);
    }
    return insertPick(ctx.db, { ...pick, expertId, marketId, selectionId, analysis, pickedAt: now(ctx) });
  });

  registerCall(app, lotteryDraws, async (ctx) => {
    const venues = await lotteryVenuesOf(app, ctx.siteId);
    const venueCode = ctx.request.venueCode ?? venues[0]?.venueCode ?? '';
    if (ctx.request.venueCode !== undefined && !venues.some((venue) => venue.venueCode === venueCode)) {
      throw new BusinessError('lotteryVenueUnknown', `venueCode: ${venueCode} is not a lottery venue of this site`);
    }
    const day = ctx.request.day ?? beijingDayKey(now(ctx).getTime());
    const bounds = beijingDayBounds(day);
    if (!bounds) throw new BusinessError('invalidField', `day: ${day} is not a calendar day`);
    const page = ctx.request.page ?? 1;
    const pageSize = ctx.request.pageSize ?? NEWS_PAGE_SIZE_DEFAULT;
    const { list, total } = venueCode === '' ? { list: [], total: 0 } : await drawsOfDay(ctx.db, venueCode, bounds.from, bounds.to, (page - 1) * pageSize, pageSize);
    return { venues, venueCode, day, list, total, page, pageSize };
  });

  registerCall(app, lotteryDrawDetail, async (ctx) => {
    const venue = (await lotteryVenuesOf(app, ctx.siteId)).find((item) => item.venueCode === ctx.request.venueCode);
    if (!venue) throw new BusinessError('lotteryVenueUnknown', `venueCode: ${ctx.request.venueCode} is not a lottery venue of this site`);
    const draw = await drawDetail(ctx.db, venue.venueCode, ctx.request.drawNo);
    if (!draw) throw new BusinessError('lotteryDrawNotFound', `no draw ${ctx.request.drawNo} at ${venue.venueCode}`);
    return { ...draw, venueNameZh: venue.nameZh, venueNameEn: venue.nameEn };
  });
}

/** The brand's lottery venues (category 4, `cp`), in the config's order. */
async function lotteryVenuesOf(app: FastifyInstance, siteId: number): Promise<LotteryVenue[]> {
  const brand = await app.lobby.brands.get(siteId);
  return (brand?.config.venues.cp ?? []).map((venue) => ({ venueCode: venue.code, nameZh: venue.zhName, nameEn: venue.enName }));
}

/** An operator's cover: '' or an address the site may show. */
function checkedCover(coverUrl: string | undefined): string | undefined {
  if (coverUrl === undefined || coverUrl === '' || imageSourceAllowed(coverUrl)) return coverUrl;
  throw new BusinessError('newsImageNotAllowed', 'coverUrl: only a same-origin path or a data:image URL');
}

/** The operator's article desk: create, update, publish, unpublish, list. */
function registerArticleDesk(app: FastifyInstance, now: (ctx: CallContext<unknown>) => Date): void {
  const requireArticle = async (ctx: CallContext<unknown>, id: number) => {
    const article = await findArticle(ctx.db, id);
    if (!article) throw new BusinessError('newsArticleNotFound', `no article ${id}`);
    return article;
  };

  registerCall(app, opsNewsArticleCreate, async (ctx) => {
    const { siteId, bodyHtml, coverUrl, ...fields } = ctx.request;
    if (!(await app.lobby.brands.get(siteId))) throw new BusinessError('invalidField', `siteId: site ${siteId} is not a brand of this server`);
    const article: ArticleFields = { ...fields, coverUrl: checkedCover(coverUrl) ?? '', bodyHtml: sanitiseArticle(bodyHtml) };
    return insertArticle(ctx.db, siteId, article, now(ctx));
  });

  registerCall(app, opsNewsArticleUpdate, async (ctx) => {
    const { id, version, bodyHtml, coverUrl, ...fields } = ctx.request;
    const current = await requireArticle(ctx, id);
    const changes: Partial<ArticleFields> = { ...fields, coverUrl: checkedCover(coverUrl), bodyHtml: bodyHtml === undefined ? undefined : sanitiseArticle(bodyHtml) };
    if (current.status === 'published' && changes.bodyHtml !== undefined && !articleHasContent(changes.bodyHtml)) {
      throw new BusinessError('newsArticleEmpty', 'bodyHtml: a published article cannot lose all its content; unpublish it first');
    }
    const updated = await updateArticle(ctx.db, id, version, changes, now(ctx));
    if (!updated) throw new BusinessError('newsArticleChanged', `article ${id} is at version ${current.version}, not ${version}`);
    return updated;
  });

  registerCall(app, opsNewsArticlePublish, async (ctx) => {
    const article = await requireArticle(ctx, ctx.request.id);
    if (!articleHasContent(sanitiseArticle(article.bodyHtml))) throw new BusinessError('newsArticleEmpty', `article ${article.id} has no text or image once sanitised`);
    const publishAt = ctx.request.publishAt === undefined ? null : new Date(ctx.request.publishAt);
    if (publishAt !== null && Number.isNaN(publishAt.getTime())) throw new BusinessError('invalidField', 'publishAt: not an ISO 8601 time');
    return (await setArticleStatus(ctx.db, article.id, 'published', publishAt, now(ctx)))!;
  });

  registerCall(app, opsNewsArticleUnpublish, async (ctx) => {
    const article = await requireArticle(ctx, ctx.request.id);
    if (article.status === 'draft') return article;
    return (await setArticleStatus(ctx.db, article.id, 'unpublished', null, now(ctx)))!;
  });

  registerCall(app, opsNewsArticleList, async (ctx) => ({ list: await listArticles(ctx.db, ctx.request.siteId, ctx.request.status, ctx.request.limit ?? 50) }));
}
