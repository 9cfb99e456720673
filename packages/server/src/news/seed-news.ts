import type { NewsLanguage, PickResult } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { sanitiseArticle } from './sanitise.js';

/**
 * The demo brands' soccer news and experts (part of the demo seed), so /app/news shows a
 * living desk on a fresh start: published articles in both languages, a draft, experts with a
 * record of settled picks. Picks on the feed's live fixtures are made by the operator
 * (opsNewsExpertPick) once the feed runs.
 */

const HOUR_MS = 3_600_000;

/** A cover picture as a data URL (no asset file): a pitch-green panel with a headline word. */
function cover(text: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
    `<rect width="640" height="360" fill="${colour}"/><rect x="20" y="20" width="600" height="320" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/>` +
    `<line x1="320" y1="20" x2="320" y2="340" stroke="#fff" stroke-opacity=".5" stroke-width="4"/><circle cx="320" cy="180" r="60" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/>` +
    `<text x="320" y="195" text-anchor="middle" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

interface SeedArticle {
  language: NewsLanguage;
  title: string;
  summary: string;
  author: string;
  body: string;
  cover: string;
  hoursAgo: number | null;
}

const pair = (zh: Omit<SeedArticle, 'language' | 'cover' | 'hoursAgo'>, en: Omit<SeedArticle, 'language' | 'cover' | 'hoursAgo'>, coverUrl: string, hoursAgo: number | null): SeedArticle[] => [
  { ...zh, language: 'zh-CN', cover: coverUrl, hoursAgo },
  { ...en, language: 'en', cover: coverUrl, hoursAgo },
];

const LOBBY_ARTICLES: SeedArticle[] = [
  ...pair(
    {
      title: '北城联逆转取胜，继续领跑联赛积分榜',
      summary: '下半场两粒进球帮助北城联 2:1 逆转东港，领先优势扩大到 4 分。',
      author: '乐博体育编辑部',
      body: '<p>北城联在主场落后一球的情况下，凭借下半场的两粒进球 <strong>2:1</strong> 逆转东港。</p><h3>比赛要点</h3><ul><li>第 58 分钟，替补登场的边锋头球扳平。</li><li>第 81 分钟，队长禁区外远射破门。</li></ul><p>赛后主教练表示：“球队在更衣室里保持了冷静。”</p>',
    },
    {
      title: 'North City come from behind to stay top of the league',
      summary: 'Two second-half goals turned a 0-1 deficit into a 2-1 win over East Harbour; the lead is now four points.',
      author: 'Lobby Sports desk',
      body: '<p>North City trailed at home until two second-half goals gave them a <strong>2-1</strong> win over East Harbour.</p><h3>Key moments</h3><ul><li>58th minute: the substitute winger heads the equaliser.</li><li>81st minute: the captain scores from outside the box.</li></ul><p>"The dressing room stayed calm," the head coach said after the match.</p>',
    },
    cover('2 : 1', '#1b7f3b'),
    3,
  ),
  ...pair(
    {
      title: '周末前瞻：西岸竞技能否终结客场不胜？',
      summary: '西岸竞技本赛季客场 6 场不胜，本周末将挑战状态火热的南湾。',
      author: '数据分析组',
      body: '<p>西岸竞技本赛季客场战绩为 <em>0 胜 2 平 4 负</em>。对手南湾近 5 轮取得 4 胜。</p><table><thead><tr><th>球队</th><th>近 5 轮</th><th>进球</th></tr></thead><tbody><tr><td>南湾</td><td>胜 胜 平 胜 胜</td><td>11</td></tr><tr><td>西岸竞技</td><td>负 平 胜 负 负</td><td>5</td></tr></tbody></table><p>更多盘口请前往 <a href="/app/sport">体育场馆</a>。</p>',
    },
    {
      title: 'Weekend preview: can West Bank Athletic end their away drought?',
      summary: 'Winless in six away games, West Bank Athletic visit an in-form South Bay this weekend.',
      author: 'Data desk',
      body: '<p>West Bank Athletic have <em>won none, drawn two and lost four</em> away from home. South Bay have won four of their last five.</p><table><thead><tr><th>Team</th><th>Last 5</th><th>Goals</th></tr></thead><tbody><tr><td>South Bay</td><td>W W D W W</td><td>11</td></tr><tr><td>West Bank Athletic</td><td>L D W L L</td><td>5</td></tr></tbody></table><p>See every market at the <a href="/app/sport">sports venue</a>.</p>',
    },
    cover('PREVIEW', '#1d3557'),
    20,
  ),
  ...pair(
    {
      title: '伤病汇总：三名主力本轮缺阵',
      summary: '联赛第 14 轮前的伤停情况一览。',
      author: '乐博体育编辑部',
      body: '<p>第 14 轮开赛前，以下球员确认缺阵：</p><ol><li>北城联中卫（腿筋拉伤，约 3 周）</li><li>东港门将（停赛 1 场）</li><li>南湾前锋（脚踝扭伤，赛前评估）</li></ol>',
    },
    {
      title: 'Injury round-up: three regulars miss matchday 14',
      summary: 'Who is out before the 14th round of the league.',
      author: 'Lobby Sports desk',
      body: '<p>Confirmed absences before matchday 14:</p><ol><li>North City centre-back (hamstring, about three weeks)</li><li>East Harbour goalkeeper (one-match ban)</li><li>South Bay striker (ankle, late fitness test)</li></ol>',
    },
    cover('INJURIES', '#8d3b72'),
    46,
  ),
  ...pair(
    { title: '（草稿）冬季转会窗口展望', summary: '尚未发布。', author: '乐博体育编辑部', body: '<p>草稿。</p>' },
    { title: '(Draft) Winter transfer window outlook', summary: 'Not published yet.', author: 'Lobby Sports desk', body: '<p>Draft.</p>' },
    '',
    null,
  ),
];

const AURORA_ARTICLES: SeedArticle[] = [
  ...pair(
    {
      title: '极光杯八强出炉，四场焦点战下周开打',
      summary: '极光杯 1/4 决赛对阵揭晓。',
      author: '极光资讯',
      body: '<p>极光杯八强全部产生，下周二起进行四场 1/4 决赛。</p><blockquote>“每一场都是决赛。” —— 赛事组委会</blockquote>',
    },
    {
      title: 'Aurora Cup quarter-finals set for next week',
      summary: 'The last eight of the Aurora Cup are known.',
      author: 'Aurora News',
      body: '<p>The Aurora Cup quarter-finals start next Tuesday with four ties.</p><blockquote>"Every match is a final." - the organisers</blockquote>',
    },
    cover('LAST 8', '#0b6e99'),
    5,
  ),
  ...pair(
    { title: '门将之夜：三场零封的背后', summary: '本周最佳门将评选。', author: '极光资讯', body: '<p>本周共有三名门将完成零封，其中两人扑出点球。</p>' },
    { title: 'Goalkeepers\' night: three clean sheets', summary: 'Our goalkeeper of the week.', author: 'Aurora News', body: '<p>Three goalkeepers kept clean sheets this week; two of them saved penalties.</p>' },
    cover('0 : 0', '#5a4fcf'),
    30,
  ),
];

interface SeedPick {
  league: [string, string];
  home: [string, string];
  away: [string, string];
  market: [string, string];
  selection: [string, string];
  odds: number;
  result: PickResult;
  daysAgo: number;
  analysis: string;
}

interface SeedExpert {
  name: [string, string];
  title: [string, string];
  colour: string;
  picks: SeedPick[];
}

const LEAGUE: [string, string] = ['乐博超级联赛', 'Lobby Premier League'];
const pick = (home: [string, string], away: [string, string], market: [string, string], selection: [string, string], odds: number, result: PickResult, daysAgo: number, analysis: string): SeedPick => ({
  league: LEAGUE, home, away, market, selection, odds, result, daysAgo, analysis,
});
const NORTH: [string, string] = ['北城联', 'North City'];
const EAST: [string, string] = ['东港', 'East Harbour'];
const SOUTH: [string, string] = ['南湾', 'South Bay'];
const WEST: [string, string] = ['西岸竞技', 'West Bank Athletic'];
const ONE_X_TWO: [string, string] = ['全场独赢', 'Full time 1X2'];
const OVER: [string, string] = ['大小球 2.5', 'Over/under 2.5'];
const HANDICAP: [string, string] = ['让球 -0.25', 'Asian handicap -0.25'];

const LOBBY_EXPERTS: SeedExpert[] = [
  {
    name: ['老周', 'Old Zhou'],
    title: ['前职业球员 · 主攻让球', 'Former pro, handicap specialist'],
    colour: '#c8102e',
    picks: [
      pick(NORTH, EAST, HANDICAP, ['北城联 -0.25', 'North City -0.25'], 1920, 'won', 2, 'Home side presses high; East Harbour concede late.'),
      pick(SOUTH, WEST, ONE_X_TWO, ['南湾', 'South Bay'], 1650, 'won', 5, 'South Bay unbeaten at home.'),
      pick(WEST, NORTH, HANDICAP, ['西岸竞技 +0.25', 'West Bank Athletic +0.25'], 1880, 'half_lost', 9, 'Tight derby; a draw is likely.'),
      pick(EAST, SOUTH, ONE_X_TWO, ['平局', 'Draw'], 3300, 'lost', 12, 'Two cautious sides.'),
    ],
  },
  {
    name: ['数据君', 'The Analyst'],
    title: ['模型预测 · 大小球', 'Model picks, totals'],
    colour: '#1d3557',
    picks: [
      pick(NORTH, SOUTH, OVER, ['大 2.5', 'Over 2.5'], 1870, 'won', 1, 'Both teams average over 1.6 expected goals.'),
      pick(WEST, EAST, OVER, ['小 2.5', 'Under 2.5'], 1950, 'won', 4, 'Five of the last six meetings had under 2.5 goals.'),
      pick(SOUTH, NORTH, OVER, ['大 2.5', 'Over 2.5'], 1800, 'void', 8, 'Match abandoned: stakes returned.'),
    ],
  },
  {
    name: ['阿May', 'May'],
    title: ['女足解说 · 冷门猎手', 'Commentator, underdog hunter'],
    colour: '#8d3b72',
    picks: [
      pick(EAST, NORTH, ONE_X_TWO, ['东港', 'East Harbour'], 4200, 'lost', 3, 'Underdog value at home.'),
      pick(WEST, SOUTH, ONE_X_TWO, ['西岸竞技', 'West Bank Athletic'], 3900, 'won', 7, 'South Bay rotate before the cup.'),
    ],
  },
];

const AURORA_EXPERTS: SeedExpert[] = [
  {
    name: ['极光老李', 'Aurora Li'],
    title: ['资深评论员', 'Senior pundit'],
    colour: '#0b6e99',
    picks: [
      pick(SOUTH, EAST, ONE_X_TWO, ['南湾', 'South Bay'], 1700, 'won', 2, 'Form and home advantage.'),
      pick(NORTH, WEST, OVER, ['大 2.5', 'Over 2.5'], 1900, 'lost', 6, 'Open game expected.'),
    ],
  },
];

function avatar(initial: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/><text x="32" y="41" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

async function seedArticles(tx: Queryable, siteId: number, articles: SeedArticle[], nowMs: number): Promise<void> {
  for (const article of articles) {
    const publishedAt = article.hoursAgo === null ? null : new Date(nowMs - article.hoursAgo * HOUR_MS);
    await tx.query(
      `INSERT INTO news_articles (site_id, language, title, summary, cover_url, author, body_html, status, published_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [siteId, article.language, article.title, article.summary, article.cover, article.author, sanitiseArticle(article.body), publishedAt ? 'published' : 'draft', publishedAt, publishedAt ?? new Date(nowMs)],
    );
  }
}

async function seedExperts(tx: Queryable, siteId: number, experts: SeedExpert[], nowMs: number): Promise<void> {
  for (const [sort, expert] of experts.entries()) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO news_experts (site_id, name_zh, name_en, title_zh, title_en, avatar_url, sort) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [siteId, expert.name[0], expert.name[1], expert.title[0], expert.title[1], avatar(expert.name[1].slice(0, 1), expert.colour), sort],
    );
    for (const [index, item] of expert.picks.entries()) {
      const startsAt = new Date(nowMs - item.daysAgo * 24 * HOUR_MS);
      await tx.query(
        `INSERT INTO news_expert_picks (expert_id, fixture_id, market_id, selection_id, league_zh, league_en, home_zh, home_en, away_zh, away_en, starts_at,
           market_zh, market_en, selection_zh, selection_en, odds, analysis, result, picked_at)
         VALUES ($1, $2, 'seed', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [rows[0]!.id, `seed-${siteId}-${sort}-${index}`, `s${index}`, item.league[0], item.league[1], item.home[0], item.home[1], item.away[0], item.away[1], startsAt,
          item.market[0], item.market[1], item.selection[0], item.selection[1], item.odds, item.analysis, item.result, new Date(startsAt.getTime() - 6 * HOUR_MS)],
      );
    }
  }
}

/** Seeds the demo brands' articles and experts (4 lobby, 8 aurora). */
export async function seedNews(tx: Queryable, nowMs = Date.now()): Promise<void> {
  await seedArticles(tx, 4, LOBBY_ARTICLES, nowMs);
  await seedArticles(tx, 8, AURORA_ARTICLES, nowMs);
  await seedExperts(tx, 4, LOBBY_EXPERTS, nowMs);
  await seedExperts(tx, 8, AURORA_EXPERTS, nowMs);
}
