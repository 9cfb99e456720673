import type { SportCode, SportKind } from '@lobby/sdk';
import type { MarketSpec } from './model.js';

/**
 * The sandbox feed's sports, leagues, teams and match plans (docs/SPORTS.md, "The sandbox
 * feed"): one match engine, parameters per sport. E-sports are the same engine with other
 * parameters (eSoccer is short football; MOBA counts kills).
 */
export interface SportParams {
  sport: SportCode;
  kind: SportKind;
  /** Simulated match length in minutes and its periods (halves, quarters). */
  minutes: number;
  periods: number;
  /** Real length of a match, ms (LOBBY_SPORTS_MATCH_MS scales it; tests move the clock). */
  realMs: number;
  /** Expected score of an average side over a match. */
  meanScore: number;
  /** What one scoring event is worth: [points, weight]. */
  points: readonly (readonly [number, number])[];
  /** Markets suspend for a few seconds around every score (football-like sports). */
  betStopOnScore: boolean;
  /** Correct score offered. */
  correctScore: boolean;
  /** Lines: a line is a whole number of quarters; lines differ by `lineStep` quarters; `halfLines` puts every line on x.5. */
  lineStep: number;
  halfLines: boolean;
  /** Odds move every this many simulated minutes (and at every score). */
  oddsEveryMinutes: number;
  /** Scoring events are recorded as match events (goals, kills); basketball keeps period scores only. */
  recordsEvents: boolean;
  /** The schedule: a match starts every `slotMs`, the first at `offsetMs` past the epoch. */
  slotMs: number;
  offsetMs: number;
}

const MINUTE = 60_000;

export const SPORT_PARAMS: Record<SportCode, SportParams> = {
  football: {
    sport: 'football', kind: 'sports', minutes: 90, periods: 2, realMs: 12 * MINUTE, meanScore: 1.35, points: [[1, 1]], betStopOnScore: true, correctScore: true,
    lineStep: 1, halfLines: false, oddsEveryMinutes: 2, recordsEvents: true, slotMs: 6 * MINUTE, offsetMs: 0,
  },
  basketball: {
    sport: 'basketball', kind: 'sports', minutes: 48, periods: 4, realMs: 12 * MINUTE, meanScore: 105, points: [[2, 3], [3, 1]], betStopOnScore: false,
    correctScore: false, lineStep: 4, halfLines: true, oddsEveryMinutes: 2, recordsEvents: false, slotMs: 6 * MINUTE, offsetMs: 1.5 * MINUTE,
  },
  esoccer: {
    sport: 'esoccer', kind: 'esports', minutes: 90, periods: 2, realMs: 8 * MINUTE, meanScore: 1.9, points: [[1, 1]], betStopOnScore: true, correctScore: true,
    lineStep: 1, halfLines: false, oddsEveryMinutes: 3, recordsEvents: true, slotMs: 6 * MINUTE, offsetMs: 3 * MINUTE,
  },
  moba: {
    sport: 'moba', kind: 'esports', minutes: 40, periods: 1, realMs: 10 * MINUTE, meanScore: 18, points: [[1, 1]], betStopOnScore: false, correctScore: false,
    lineStep: 4, halfLines: true, oddsEveryMinutes: 2, recordsEvents: true, slotMs: 6 * MINUTE, offsetMs: 4.5 * MINUTE,
  },
};

interface Names {
  en: string;
  zh: string;
}

interface LeagueDef {
  id: string;
  name: Names;
  teams: Names[];
}

const team = (en: string, zh: string): Names => ({ en, zh });

export const LEAGUES: Record<SportCode, LeagueDef[]> = {
  football: [
    {
      id: 'fb-premier', name: { en: 'Sandbox Premier League', zh: '沙盒超级联赛' },
      teams: [team('Harbour City', '海港城'), team('North Vale', '北谷'), team('Riverside', '河畔'), team('Kingsbridge', '王桥'), team('Westfield Rovers', '西田流浪者'), team('Eastport United', '东港联'), team('Highmoor', '高沼'), team('Lakeside Athletic', '湖畔竞技')],
    },
    {
      id: 'fb-cup', name: { en: 'Sandbox Cup', zh: '沙盒杯' },
      teams: [team('Red Lions', '红狮'), team('Blue Herons', '蓝鹭'), team('Golden Stags', '金鹿'), team('Silver Foxes', '银狐'), team('Green Falcons', '绿隼'), team('Black Wolves', '黑狼')],
    },
  ],
  basketball: [
    {
      id: 'bb-league', name: { en: 'Sandbox Basketball League', zh: '沙盒篮球联赛' },
      teams: [team('Skyline Dragons', '天际飞龙'), team('Bay Sharks', '海湾鲨鱼'), team('Mountain Bears', '山熊'), team('Desert Hawks', '沙漠之鹰'), team('Metro Tigers', '都市猛虎'), team('Coast Pilots', '海岸领航')],
    },
  ],
  esoccer: [
    {
      id: 'es-battle', name: { en: 'eSoccer Battle 8 min', zh: '电子足球对战 8 分钟' },
      teams: [team('Harbour City (Ace)', '海港城 (Ace)'), team('Red Lions (Nova)', '红狮 (Nova)'), team('Riverside (Kite)', '河畔 (Kite)'), team('Blue Herons (Zed)', '蓝鹭 (Zed)')],
    },
  ],
  moba: [
    {
      id: 'mo-arena', name: { en: 'MOBA Arena Series', zh: 'MOBA 竞技系列赛' },
      teams: [team('Team Aurora', '极光战队'), team('Nine Tails', '九尾'), team('Iron Lotus', '铁莲'), team('Storm Crows', '风暴之鸦'), team('Jade Phoenix', '玉凤凰')],
    },
  ],
};

/** A small seeded generator (mulberry32): the same fixture plays the same match on every instance and run. */
export function rngOf(seed: string): () => number {
  let state = 0x9e3779b9;
  for (let i = 0; i < seed.length; i += 1) state = Math.imul(state ^ seed.charCodeAt(i), 0x85ebca6b) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A scoring event of the plan: when (simulated ms from kick-off), who, how many points. */
export interface PlannedScore {
  atSimMs: number;
  side: 'home' | 'away';
  points: number;
}

export interface FixturePlan {
  id: string;
  params: SportParams;
  league: LeagueDef;
  home: Names;
  away: Names;
  startsAtMs: number;
  /** Expected score of each side over the whole match. */
  meanHome: number;
  meanAway: number;
  scores: PlannedScore[];
  markets: MarketSpec[];
  /** The feed cancels this market at the end instead of settling it (a source error). */
  cancelAtEnd: string | null;
  /** The feed settles this market wrongly at the end, then rolls back and settles it right. */
  correctAtEnd: string | null;
}

export const SIM_MINUTE_MS = 60_000;

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Scoring events of one side: a Poisson process over the match. */
function plannedScores(params: SportParams, mean: number, side: 'home' | 'away', random: () => number): PlannedScore[] {
  const weights = params.points.reduce((sum, [, weight]) => sum + weight, 0);
  const pointsPerEvent = params.points.reduce((sum, [points, weight]) => sum + (points * weight) / weights, 0);
  const ratePerMs = mean / pointsPerEvent / (params.minutes * SIM_MINUTE_MS);
  const scores: PlannedScore[] = [];
  for (let at = -Math.log(1 - random()) / ratePerMs; at < params.minutes * SIM_MINUTE_MS; at += -Math.log(1 - random()) / ratePerMs) {
    let roll = random() * weights;
    const [points] = params.points.find(([, weight]) => (roll -= weight) < 0) ?? params.points[0]!;
    scores.push({ atSimMs: Math.floor(at), side, points });
  }
  return scores;
}

const quarters = (value: number) => Math.round(value * 4);

function lineLabel(quartersValue: number): string {
  const value = quartersValue / 4;
  return value > 0 ? `+${value}` : `${value}`;
}

/** A line near `centre` (quarters) that suits the sport: any quarter, or x.5 only. */
function lineNear(params: SportParams, centre: number): number {
  if (!params.halfLines) return Math.round(centre);
  return Math.round((centre - 2) / 4) * 4 + 2;
}

/** The fixture's markets: 1X2, five handicap and five total lines around the expected margin and total, correct score, odd/even. */
export function marketSpecs(params: SportParams, home: Names, away: Names, meanHome: number, meanAway: number): MarketSpec[] {
  const specs: MarketSpec[] = [{
    id: '1x2', type: '1x2',
    selections: [{ id: 'home', nameEn: home.en, nameZh: home.zh }, { id: 'draw', nameEn: 'Draw', nameZh: '和局' }, { id: 'away', nameEn: away.en, nameZh: away.zh }],
  }];
  const handicap = lineNear(params, -quarters(meanHome - meanAway));
  for (let k = -2; k <= 2; k += 1) {
    const line = handicap + k * params.lineStep;
    specs.push({
      id: `ah:${line}`, type: 'asian_handicap', line,
      selections: [{ id: 'home', nameEn: `${home.en} ${lineLabel(line)}`, nameZh: `${home.zh} ${lineLabel(line)}` }, { id: 'away', nameEn: `${away.en} ${lineLabel(-line)}`, nameZh: `${away.zh} ${lineLabel(-line)}` }],
    });
  }
  const total = lineNear(params, quarters(meanHome + meanAway));
  for (let k = -2; k <= 2; k += 1) {
    const line = total + k * params.lineStep;
    if (line <= 0) continue;
    specs.push({
      id: `ou:${line}`, type: 'over_under', line,
      selections: [{ id: 'over', nameEn: `Over ${line / 4}`, nameZh: `大 ${line / 4}` }, { id: 'under', nameEn: `Under ${line / 4}`, nameZh: `小 ${line / 4}` }],
    });
  }
  if (params.correctScore) {
    const selections = [];
    for (let h = 0; h <= 4; h += 1) for (let a = 0; a <= 4; a += 1) selections.push({ id: `${h}-${a}`, nameEn: `${h}-${a}`, nameZh: `${h}-${a}` });
    specs.push({ id: 'cs', type: 'correct_score', selections });
  }
  specs.push({ id: 'oe', type: 'odd_even', selections: [{ id: 'odd', nameEn: 'Odd', nameZh: '单' }, { id: 'even', nameEn: 'Even', nameZh: '双' }] });
  return specs;
}

export interface PlanOptions {
  id: string;
  sport: SportCode;
  startsAtMs: number;
  seed: string;
  /** Given teams (else drawn from a league). */
  home?: Names;
  away?: Names;
  /** No random scores: only forced ones (sandbox doors, tests). */
  quiet?: boolean;
  /** No cancellation or correction at the end. */
  plain?: boolean;
  params?: SportParams;
}

/** The whole match of a fixture, drawn from its seed: teams, strengths, every score, its markets and its end-of-match surprises. */
export function planFixture(options: PlanOptions): FixturePlan {
  const params = options.params ?? SPORT_PARAMS[options.sport];
  const random = rngOf(`${options.seed}/${options.id}`);
  const league = pick(LEAGUES[options.sport], random);
  const home = options.home ?? pick(league.teams, random);
  let away = options.away ?? pick(league.teams, random);
  while (!options.away && away.en === home.en) away = pick(league.teams, random);
  const strength = 0.7 + random() * 0.6;
  const homeAdvantage = params.sport === 'football' ? 1.15 : 1.03;
  const meanHome = params.meanScore * strength * homeAdvantage;
  const meanAway = (params.meanScore * (2 - strength)) / homeAdvantage;
  const scores = options.quiet ? [] : [...plannedScores(params, meanHome, 'home', random), ...plannedScores(params, meanAway, 'away', random)].sort((a, b) => a.atSimMs - b.atSimMs);
  const markets = marketSpecs(params, home, away, meanHome, meanAway);
  const surprise = random();
  return {
    id: options.id, params, league, home, away, startsAtMs: options.startsAtMs, meanHome, meanAway, scores, markets,
    cancelAtEnd: !options.plain && surprise < 0.05 ? markets.find((market) => market.type === 'correct_score')?.id ?? 'oe' : null,
    correctAtEnd: !options.plain && surprise >= 0.05 && surprise < 0.1 ? 'oe' : null,
  };
}
