import { describe, expect, it } from 'vitest';
import {
  CODE, byteSourceOfBlocks, fairBytes, lotteryDrawDetail, lotteryDraws, newsArticleDetail, newsSoccerExperts, newsSoccerNews, opsNewsArticleCreate,
  opsNewsArticleList, opsNewsArticlePublish, opsNewsArticleUnpublish, opsNewsArticleUpdate, rollDice, serverSeedHash,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { ROUNDS_PER_SEED, roundTimes } from '../studio/tables/schedule.js';
import { SharedTables, drawTable } from '../studio/tables/shared-tables.js';
import { transferTableWallet } from '../studio/tables/table-wallet.js';

/** 2030-01-15 11:00:30 in Beijing: the lottery test's draws (the seeded articles are dated from the real clock, so the suite starts now). */
const DRAWS_FROM_MS = Date.UTC(2030, 0, 15, 3, 0, 30);

const HOSTILE = [
  '<h2 onclick="steal()">Derby day</h2>',
  '<p style="position:fixed" class="x" id="y">Kick-off at <strong>20:00</strong><script>alert(1)</script></p>',
  '<img src="x" onerror="alert(2)"><img src="https://tracker.example/p.gif"><img src="//cdn.example/a.png"><img src="/assets/pitch.png" alt="pitch" width="640" height="360">',
  '<a href="javascript:alert(3)">bad</a><a href="https://league.example/table" target="_top">table</a>',
  '<iframe src="https://evil.example"></iframe><svg onload="alert(4)"><circle/></svg><style>body{display:none}</style>',
  '<form action="/x"><input name="password"></form><object data="x"></object>',
].join('');

describe.each(testEngines())('news and results on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const ops = () => ({ token: suite.opsToken });

  async function draft(body = '<p>Text</p>', siteId = 4, title = 'A match report') {
    const answer = await suite.call(opsNewsArticleCreate, { siteId, language: 'en', title, summary: 'Summary', coverUrl: '', author: 'Desk', bodyHtml: body }, ops());
    expect(answer.body.code).toBe(0);
    return answer.body.data;
  }

  it('sanitises a hostile article on write and on read: no script, handler, style, foreign image or unsafe link survives', async () => {
    const article = await draft(HOSTILE);
    for (const body of [article.bodyHtml]) {
      expect(body).not.toMatch(/<script|onerror|onclick|onload|style=|class=|id=|<iframe|<svg|<style|<form|<input|<object|javascript:|tracker\.example|cdn\.example/i);
      expect(body).toContain('<h2>Derby day</h2>');
      expect(body).toContain('<strong>20:00</strong>');
      expect(body).toContain('<img src="/assets/pitch.png" alt="pitch" width="640" height="360" loading="lazy" decoding="async" />');
      expect(body).toContain('<a href="https://league.example/table" target="_blank" rel="noopener noreferrer">table</a>');
    }
    // A body stored by an older, looser rule is cleaned again when it is read.
    await suite.db.query('UPDATE news_articles SET body_html = $2 WHERE id = $1', [article.id, '<p onmouseover="x()">Old<script>y()</script></p>']);
    expect((await suite.call(opsNewsArticlePublish, { id: article.id }, ops())).body.code).toBe(0);
    const read = await suite.call(newsArticleDetail, { id: article.id });
    expect(read.body.data.bodyHtml).toBe('<p>Old</p>');
  });

  it('refuses a foreign cover image and an article with nothing left once sanitised', async () => {
    const foreign = await suite.call(opsNewsArticleCreate, {
      siteId: 4, language: 'en', title: 'x', summary: '', coverUrl: 'https://evil.example/c.png', author: 'Desk', bodyHtml: '<p>x</p>',
    }, ops());
    expect(foreign.body.code).toBe(CODE.newsImageNotAllowed);
    const empty = await draft('<script>alert(1)</script><p>   </p>');
    expect(empty.bodyHtml).toBe('<p>   </p>');
    expect((await suite.call(opsNewsArticlePublish, { id: empty.id }, ops())).body.code).toBe(CODE.newsArticleEmpty);
    expect((await suite.call(opsNewsArticleList, { siteId: 4, status: 'published' }, ops())).body.data.list.map((a) => a.id)).not.toContain(empty.id);
  });

  it('publishing rules: members see only published articles of their brand from their publication time; publish and unpublish are idempotent', async () => {
    const article = await draft('<p>Report</p>', 4, 'Rules report');
    expect((await suite.call(newsArticleDetail, { id: article.id })).body.code).toBe(CODE.newsArticleNotFound);

    const published = (await suite.call(opsNewsArticlePublish, { id: article.id }, ops())).body.data;
    expect(published).toMatchObject({ status: 'published', publishedAt: new Date(suite.clock.now()).toISOString(), version: 2 });
    const again = (await suite.call(opsNewsArticlePublish, { id: article.id }, ops())).body.data;
    expect(again).toEqual(published);
    expect((await suite.call(newsArticleDetail, { id: article.id })).body.data).toMatchObject({ title: 'Rules report', bodyHtml: '<p>Report</p>' });
    expect((await suite.call(newsSoccerNews, { language: 'en' })).body.data.list[0]).toMatchObject({ id: article.id, title: 'Rules report' });
    expect((await suite.call(newsArticleDetail, { id: article.id }, { siteId: 8 })).body.code).toBe(CODE.newsArticleNotFound);

    const down = (await suite.call(opsNewsArticleUnpublish, { id: article.id }, ops())).body.data;
    expect(down.status).toBe('unpublished');
    expect((await suite.call(opsNewsArticleUnpublish, { id: article.id }, ops())).body.data).toEqual(down);
    expect((await suite.call(newsArticleDetail, { id: article.id })).body.code).toBe(CODE.newsArticleNotFound);
    expect((await suite.call(newsSoccerNews, { language: 'en' })).body.data.list.map((a) => a.id)).not.toContain(article.id);

    // Republished, it keeps its first publication time; a scheduled one waits for its time.
    suite.clock.advance(60_000);
    expect((await suite.call(opsNewsArticlePublish, { id: article.id }, ops())).body.data.publishedAt).toBe(published.publishedAt);
    const later = await draft('<p>Tomorrow</p>', 4, 'Scheduled');
    const at = new Date(suite.clock.now() + 3_600_000).toISOString();
    expect((await suite.call(opsNewsArticlePublish, { id: later.id, publishAt: at }, ops())).body.data).toMatchObject({ status: 'published', publishedAt: at });
    expect((await suite.call(newsArticleDetail, { id: later.id })).body.code).toBe(CODE.newsArticleNotFound);
    suite.clock.advance(3_600_000);
    expect((await suite.call(newsArticleDetail, { id: later.id })).body.data.title).toBe('Scheduled');
  });

  it('updates only the version read, sanitising the new body; a published article cannot be emptied', async () => {
    const article = await draft('<p>First</p>');
    const updated = (await suite.call(opsNewsArticleUpdate, { id: article.id, version: 1, bodyHtml: '<p onclick="x()">Second</p>', title: 'New title' }, ops())).body.data;
    expect(updated).toMatchObject({ version: 2, title: 'New title', bodyHtml: '<p>Second</p>' });
    expect((await suite.call(opsNewsArticleUpdate, { id: article.id, version: 1, title: 'Lost update' }, ops())).body.code).toBe(CODE.newsArticleChanged);
    await suite.call(opsNewsArticlePublish, { id: article.id }, ops());
    expect((await suite.call(opsNewsArticleUpdate, { id: article.id, version: 3, bodyHtml: '<script>x()</script>' }, ops())).body.code).toBe(CODE.newsArticleEmpty);
    expect((await suite.call(opsNewsArticleUpdate, { id: 999_999, version: 1, title: 'x' }, ops())).body.code).toBe(CODE.newsArticleNotFound);
  });

  it('a member cannot write, publish or unpublish articles', async () => {
    const article = await draft();
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(opsNewsArticlePublish, { id: article.id }, { token })).body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(opsNewsArticleUnpublish, { id: article.id }, { token })).body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(opsNewsArticleCreate, { siteId: 4, language: 'en', title: 't', summary: '', coverUrl: '', author: 'a', bodyHtml: '<p>x</p>' }, { token })).body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(opsNewsArticlePublish, { id: article.id })).body.code).toBe(CODE.operatorOnly);
    expect((await suite.call(newsArticleDetail, { id: article.id })).body.code).toBe(CODE.newsArticleNotFound);
  });

  it('serves the seeded desk: published articles by language, newest first, drafts hidden; experts with their record', async () => {
    const zh = (await suite.call(newsSoccerNews, { language: 'zh-CN', pageSize: 2 })).body.data;
    expect(zh).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(zh.list.map((a) => a.title)).toEqual(['北城联逆转取胜，继续领跑联赛积分榜', '周末前瞻：西岸竞技能否终结客场不胜？']);
    expect(zh.list[0]!.coverUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const aurora = (await suite.call(newsSoccerNews, { language: 'en' }, { siteId: 8 })).body.data;
    expect(aurora.list.map((a) => a.title)).toEqual(['Aurora Cup quarter-finals set for next week', "Goalkeepers' night: three clean sheets"]);

    const { experts } = (await suite.call(newsSoccerExperts, {})).body.data;
    expect(experts.map((e) => e.nameEn)).toEqual(['Old Zhou', 'The Analyst', 'May']);
    // Old Zhou: won, won, half lost, lost -> 2 won, 2 lost, 50.00 %.
    expect(experts[0]!.record).toEqual({ picks: 4, won: 2, lost: 2, void: 0, pending: 0, winRateBasisPoints: 5000 });
    expect(experts[1]!.record).toEqual({ picks: 3, won: 2, lost: 0, void: 1, pending: 0, winRateBasisPoints: 10_000 });
    expect(experts[0]!.picks[0]).toMatchObject({ homeEn: 'North City', awayEn: 'East Harbour', marketEn: 'Asian handicap -0.25', odds: 1920, result: 'won' });
  });

  it('lists the minute draws of a lottery venue by Beijing day and opens one with data that verifies once the seed is revealed', async () => {
    const venue = 'LBLOTTO';
    const table = drawTable(venue);
    const tables = new SharedTables(suite.db, suite.clock, transferTableWallet);
    const firstDraw = Math.floor(DRAWS_FROM_MS / 60_000) + 200;
    suite.clock.set(roundTimes(table.schedule, firstDraw).resultAtMs);
    await tables.settleDue(table);
    suite.clock.set(roundTimes(table.schedule, firstDraw + 3).resultAtMs);
    await tables.settleDue(table);

    const page = (await suite.call(lotteryDraws, {})).body.data;
    expect(page.venues).toEqual([{ venueCode: venue, nameZh: '乐博彩票', nameEn: 'Lobby Lottery' }]);
    expect(page).toMatchObject({ venueCode: venue, day: '2030-01-15', total: 4 });
    expect(page.list.map((draw) => draw.drawNo)).toEqual([firstDraw + 3, firstDraw + 2, firstDraw + 1, firstDraw]);
    const shown = page.list[3]!;
    expect(shown.sum).toBe(shown.dice[0]! + shown.dice[1]! + shown.dice[2]!);
    expect(shown.revealed).toBe(false);
    expect((await suite.call(lotteryDraws, { day: '2030-01-14' })).body.data.total).toBe(0);
    expect((await suite.call(lotteryDraws, { venueCode: 'AULOTTO' })).body.code).toBe(CODE.lotteryVenueUnknown);
    expect((await suite.call(lotteryDraws, { day: '2026-02-30' })).body.code).toBe(CODE.invalidField);
    expect((await suite.call(lotteryDraws, {}, { siteId: 8 })).body.data).toMatchObject({ venueCode: 'AULOTTO', total: 0 });

    const hidden = (await suite.call(lotteryDrawDetail, { venueCode: venue, drawNo: firstDraw })).body.data;
    expect(hidden).toMatchObject({ drawNo: firstDraw, clientSeed: `draw-${venue}`, nonce: firstDraw, serverSeed: null, dice: shown.dice });
    const nextBlock = (Math.floor(firstDraw / ROUNDS_PER_SEED) + 1) * ROUNDS_PER_SEED;
    expect(hidden.revealsAt).toBe(new Date(nextBlock * 60_000).toISOString());
    expect((await suite.call(lotteryDrawDetail, { venueCode: venue, drawNo: firstDraw - 1 })).body.code).toBe(CODE.lotteryDrawNotFound);

    suite.clock.set(roundTimes(table.schedule, nextBlock).resultAtMs);
    await tables.settleDue(table);
    const revealed = (await suite.call(lotteryDrawDetail, { venueCode: venue, drawNo: firstDraw })).body.data;
    expect(revealed.revealed).toBe(true);
    // What the draw page does in the browser: the seed matches the hash shown before, and the dice recompute.
    expect(await serverSeedHash(revealed.serverSeed!)).toBe(hidden.serverSeedHash);
    const seeds = { serverSeed: revealed.serverSeed!, clientSeed: revealed.clientSeed, nonce: revealed.nonce };
    const blocks = [await fairBytes(seeds, 0), await fairBytes(seeds, 1)];
    expect(rollDice(byteSourceOfBlocks(blocks))).toEqual(revealed.dice);
  });
});
