/**
 * The sandbox studio's games, rules as data on five engines. Published RTPs are the exact
 * figures of `exactRtp` rounded to basis points (games.test.ts checks each); the tables
 * are in docs/PROVABLY-FAIR.md.
 */
import { gameImage } from './images.js';
import type { CardSpot, DiceSpot, SlotSymbol, StudioGame } from './types.js';

/** A strip written as space-separated symbol codes, rotated by `shift` so the reels differ. */
function strip(symbols: string, shift = 0): string[] {
  const codes = symbols.split(' ');
  return [...codes.slice(shift), ...codes.slice(0, shift)];
}

const CLASSIC_STRIP = 'blank plum bell cherry bar blank plum seven cherry blank bell blank plum cherry bar blank bell plum cherry blank';
const SEVENS_STRIP =
  'grape melon bell cherry star lemon seven grape cherry melon lemon bell grape cherry star lemon melon grape bell cherry lemon seven melon grape cherry star lemon bell melon grape cherry lemon';
const DRAGON_STRIP =
  'jade fan lantern coin jade fan pearl lantern jade fan dragon jade fan lantern coin jade scatter fan jade lantern pearl fan jade coin lantern fan jade scatter';

/** The 20 fixed lines of a 5 x 3 window (row per reel, 0 = top); ten-line games use the first ten. */
const LINES_5X3 = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2], [1, 0, 1, 2, 1], [1, 2, 1, 0, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1], [1, 1, 2, 1, 1], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [0, 2, 2, 2, 0],
];

const CLASSIC_SYMBOLS: SlotSymbol[] = [
  { code: 'seven', nameZh: '七', nameEn: 'Seven', pays: [0, 0, 340] },
  { code: 'bar', nameZh: '条', nameEn: 'Bar', pays: [0, 0, 80] },
  { code: 'bell', nameZh: '铃铛', nameEn: 'Bell', pays: [0, 0, 35] },
  { code: 'plum', nameZh: '李子', nameEn: 'Plum', pays: [0, 0, 25] },
  { code: 'cherry', nameZh: '樱桃', nameEn: 'Cherry', pays: [1, 5, 25] },
  { code: 'blank', nameZh: '空白', nameEn: 'Blank', pays: [] },
];

const SEVENS_SYMBOLS: SlotSymbol[] = [
  { code: 'seven', nameZh: '七', nameEn: 'Seven', pays: [0, 0, 150, 800, 3000] },
  { code: 'star', nameZh: '星星', nameEn: 'Star', pays: [0, 0, 80, 300, 1000] },
  { code: 'bell', nameZh: '铃铛', nameEn: 'Bell', pays: [0, 0, 50, 150, 500] },
  { code: 'melon', nameZh: '西瓜', nameEn: 'Melon', pays: [0, 0, 30, 100, 300] },
  { code: 'grape', nameZh: '葡萄', nameEn: 'Grape', pays: [0, 0, 18, 45, 140] },
  { code: 'cherry', nameZh: '樱桃', nameEn: 'Cherry', pays: [0, 0, 18, 45, 140] },
  { code: 'lemon', nameZh: '柠檬', nameEn: 'Lemon', pays: [0, 0, 18, 45, 140] },
];

const DRAGON_SYMBOLS: SlotSymbol[] = [
  { code: 'dragon', nameZh: '金龙', nameEn: 'Golden Dragon', pays: [0, 0, 250, 2500, 10000] },
  { code: 'pearl', nameZh: '龙珠', nameEn: 'Pearl', pays: [0, 0, 60, 300, 1500] },
  { code: 'coin', nameZh: '金币', nameEn: 'Coin', pays: [0, 0, 30, 120, 500] },
  { code: 'lantern', nameZh: '灯笼', nameEn: 'Lantern', pays: [0, 0, 12, 40, 150] },
  { code: 'fan', nameZh: '折扇', nameEn: 'Fan', pays: [0, 0, 10, 25, 80] },
  { code: 'jade', nameZh: '玉佩', nameEn: 'Jade', pays: [0, 0, 4, 12, 55] },
  { code: 'scatter', nameZh: '红包', nameEn: 'Red Envelope', pays: [], scatter: true },
];

const BACCARAT_SPOTS: CardSpot[] = [
  { code: 'banker', nameZh: '庄', nameEn: 'Banker', wins: 'banker', paysPercent: 95, onTie: 'push' },
  { code: 'player', nameZh: '闲', nameEn: 'Player', wins: 'player', paysPercent: 100, onTie: 'push' },
  { code: 'tie', nameZh: '和', nameEn: 'Tie', wins: 'tie', paysPercent: 800 },
  { code: 'bankerPair', nameZh: '庄对', nameEn: 'Banker Pair', wins: 'bankerPair', paysPercent: 1100 },
  { code: 'playerPair', nameZh: '闲对', nameEn: 'Player Pair', wins: 'playerPair', paysPercent: 1100 },
];

const DRAGON_TIGER_SPOTS: CardSpot[] = [
  { code: 'dragon', nameZh: '龙', nameEn: 'Dragon', wins: 'dragon', paysPercent: 100, onTie: 'half' },
  { code: 'tiger', nameZh: '虎', nameEn: 'Tiger', wins: 'tiger', paysPercent: 100, onTie: 'half' },
  { code: 'tie', nameZh: '和', nameEn: 'Tie', wins: 'tie', paysPercent: 800 },
];

/** Sums 4 to 17 with the usual sic bo odds. */
const SUM_PAYS: Record<number, number> = { 4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 17, 16: 30, 17: 60 };

const DICE_SPOTS: DiceSpot[] = [
  { code: 'big', nameZh: '大', nameEn: 'Big (11-17)', when: { kind: 'big' }, pays: 1 },
  { code: 'small', nameZh: '小', nameEn: 'Small (4-10)', when: { kind: 'small' }, pays: 1 },
  { code: 'odd', nameZh: '单', nameEn: 'Odd', when: { kind: 'odd' }, pays: 1 },
  { code: 'even', nameZh: '双', nameEn: 'Even', when: { kind: 'even' }, pays: 1 },
  { code: 'anyTriple', nameZh: '全围', nameEn: 'Any Triple', when: { kind: 'anyTriple' }, pays: 30 },
  ...[1, 2, 3, 4, 5, 6].map((face): DiceSpot => ({ code: `triple${face}`, nameZh: `围${face}`, nameEn: `Triple ${face}`, when: { kind: 'triple', face }, pays: 180 })),
  ...Object.entries(SUM_PAYS).map(([sum, pays]): DiceSpot => ({ code: `sum${sum}`, nameZh: `和值${sum}`, nameEn: `Sum ${sum}`, when: { kind: 'sum', sum: Number(sum) }, pays })),
];

const BACCARAT_RULES = { kind: 'baccarat', spots: BACCARAT_SPOTS, standardSpot: 'banker', stakeStepMinor: 100 } as const;

export const STUDIO_GAMES: readonly StudioGame[] = [
  {
    code: 'fruit-classic', engine: 'slots', nameZh: '经典水果', nameEn: 'Classic Fruits', category: 6,
    rtpBasisPoints: 9606, volatility: 'low', demo: true, minStakeMinor: 100, maxStakeMinor: 100_000,
    imageUrl: gameImage('BAR', '#7b1e3a', '#f5c542'),
    rules: { kind: 'slots', rows: 3, strips: [strip(CLASSIC_STRIP), strip(CLASSIC_STRIP, 7), strip(CLASSIC_STRIP, 13)], lines: [[1, 1, 1]], symbols: CLASSIC_SYMBOLS },
  },
  {
    code: 'lucky-sevens', engine: 'slots', nameZh: '幸运七 20线', nameEn: 'Lucky Sevens 20 Lines', category: 6,
    rtpBasisPoints: 9663, volatility: 'medium', demo: true, minStakeMinor: 20, maxStakeMinor: 100_000,
    imageUrl: gameImage('777', '#1e3a7b', '#f5c542'),
    rules: { kind: 'slots', rows: 3, strips: [0, 6, 12, 18, 24].map((shift) => strip(SEVENS_STRIP, shift)), lines: LINES_5X3, symbols: SEVENS_SYMBOLS },
  },
  {
    code: 'dragon-treasure', engine: 'slots', nameZh: '龙之宝藏', nameEn: 'Dragon Treasure', category: 6,
    rtpBasisPoints: 9633, volatility: 'high', demo: true, minStakeMinor: 10, maxStakeMinor: 50_000,
    imageUrl: gameImage('888', '#8a1c1c', '#f2b632'),
    rules: {
      kind: 'slots', rows: 3, strips: [0, 5, 10, 15, 20].map((shift) => strip(DRAGON_STRIP, shift)), lines: LINES_5X3.slice(0, 10),
      symbols: DRAGON_SYMBOLS, scatterPays: [0, 0, 2, 10, 100],
    },
  },
  {
    code: 'ocean-hunter', engine: 'fishing', nameZh: '海洋猎手', nameEn: 'Ocean Hunter', category: 7,
    rtpBasisPoints: 9650, volatility: 'medium', demo: true, minStakeMinor: 10, maxStakeMinor: 10_000,
    imageUrl: gameImage('FISH', '#0b4f6c', '#7fdbda'),
    rules: {
      kind: 'fishing',
      fish: [
        { code: 'clownfish', nameZh: '小丑鱼', nameEn: 'Clownfish', multiplier: 2 },
        { code: 'angelfish', nameZh: '神仙鱼', nameEn: 'Angelfish', multiplier: 3 },
        { code: 'pufferfish', nameZh: '河豚', nameEn: 'Pufferfish', multiplier: 5 },
        { code: 'turtle', nameZh: '海龟', nameEn: 'Turtle', multiplier: 8 },
        { code: 'lanternfish', nameZh: '灯笼鱼', nameEn: 'Lanternfish', multiplier: 10 },
        { code: 'manta', nameZh: '魔鬼鱼', nameEn: 'Manta Ray', multiplier: 15 },
        { code: 'swordfish', nameZh: '剑鱼', nameEn: 'Swordfish', multiplier: 20 },
        { code: 'shark', nameZh: '鲨鱼', nameEn: 'Shark', multiplier: 30 },
        { code: 'golden-shark', nameZh: '金鲨', nameEn: 'Golden Shark', multiplier: 50 },
        { code: 'dragon-king', nameZh: '龙王', nameEn: 'Dragon King', multiplier: 100 },
      ],
    },
  },
  {
    code: 'dragon-tiger', engine: 'dragonTiger', nameZh: '龙虎斗', nameEn: 'Dragon Tiger', category: 5,
    rtpBasisPoints: 9615, volatility: 'low', demo: true, minStakeMinor: 100, maxStakeMinor: 5_000_000,
    imageUrl: gameImage('DT', '#5c1a1a', '#e0a43a'),
    rules: { kind: 'dragonTiger', spots: DRAGON_TIGER_SPOTS, standardSpot: 'dragon', stakeStepMinor: 100 },
  },
  {
    code: 'baccarat', engine: 'baccarat', nameZh: '百家乐', nameEn: 'Baccarat', category: 5,
    rtpBasisPoints: 9894, volatility: 'low', demo: true, minStakeMinor: 100, maxStakeMinor: 5_000_000,
    imageUrl: gameImage('B|P', '#14532d', '#e8d48b'),
    rules: BACCARAT_RULES,
  },
  {
    code: 'live-baccarat', engine: 'baccarat', nameZh: '真人百家乐', nameEn: 'Live Baccarat', category: 3,
    rtpBasisPoints: 9894, volatility: 'low', demo: false, minStakeMinor: 100, maxStakeMinor: 5_000_000,
    imageUrl: gameImage('LIVE', '#3b0f4f', '#e8d48b'),
    rules: BACCARAT_RULES,
  },
  {
    code: 'dice-draw', engine: 'dice', nameZh: '一分骰宝', nameEn: 'One-Minute Dice', category: 4,
    rtpBasisPoints: 9722, volatility: 'medium', demo: false, minStakeMinor: 100, maxStakeMinor: 1_000_000,
    imageUrl: gameImage('3D', '#7a3e00', '#ffe08a'),
    rules: { kind: 'dice', spots: DICE_SPOTS, standardSpot: 'big', stakeStepMinor: 100 },
  },
];

/**
 * A studio game by code.
 * @example studioGame('baccarat')?.rules.kind // 'baccarat'
 */
export function studioGame(code: string): StudioGame | undefined {
  return STUDIO_GAMES.find((game) => game.code === code);
}
