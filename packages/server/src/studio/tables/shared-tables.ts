import { studioGame, type TableState } from '@lobby/sdk';
import type { Database, Queryable } from '../../db/database.js';
import { BusinessError } from '../../http/errors.js';
import type { Clock } from '../../http/pipeline.js';
import { engineTableRules, roundBlock, type TableBet, type TableRules } from './table-rules.js';
import { LIVE_BACCARAT_SCHEDULE, LOTTERY_DICE_SCHEDULE, lastResultRound, roundAt, seedBlockOf, type TableSchedule } from './schedule.js';
import {
  betsOfMember, ensureSeed, findBet, findSeed, insertBet, lastRecordedRound, recentRounds, roundsWithOpenBets, saveRound, settleBets, type BetRow, type OpenBet, type RoundRow,
} from './table-repository.js';
import type { TableBetMoney, TableWallet } from './table-wallet.js';

/** One shared table: a live baccarat table of a live venue or the dice draw of a lottery venue. */
export interface SharedTable {
  /** Also the client seed of its rounds: `live-<venueCode>` or `draw-<venueCode>`. */
  tableId: string;
  venueCode: string;
  gameCode: string;
  kind: 'baccarat' | 'dice';
  schedule: TableSchedule;
  rules: TableRules;
}

/** The studio's shared-round games: the live table and the minute draw. */
export const LIVE_TABLE_GAME = 'live-baccarat';
export const DRAW_GAME = 'dice-draw';

function rulesOf(gameCode: string): TableRules {
  const game = studioGame(gameCode);
  if (!game) throw new Error(`no studio game ${gameCode}`);
  return engineTableRules(game);
}

/** A live venue's baccarat table. @example liveTable('LBLIVE') // { tableId: 'live-LBLIVE', ... } */
export function liveTable(venueCode: string, gameCode = LIVE_TABLE_GAME): SharedTable {
  return { tableId: `live-${venueCode}`, venueCode, gameCode, kind: 'baccarat', schedule: LIVE_BACCARAT_SCHEDULE, rules: rulesOf(gameCode) };
}

/** A lottery venue's minute draw. @example drawTable('LBLOT') // { tableId: 'draw-LBLOT', ... } */
export function drawTable(venueCode: string, gameCode = DRAW_GAME): SharedTable {
  return { tableId: `draw-${venueCode}`, venueCode, gameCode, kind: 'dice', schedule: LOTTERY_DICE_SCHEDULE, rules: rulesOf(gameCode) };
}

/** The shared table a session's game plays at, if it is one. */
export function tableOf(venueCode: string, gameCode: string): SharedTable | undefined {
  const game = studioGame(gameCode);
  if (game?.category === 3 && game.rules.kind === 'baccarat') return liveTable(venueCode, gameCode);
  if (game?.category === 4 && game.rules.kind === 'dice') return drawTable(venueCode, gameCode);
  return undefined;
}

/** Results a table shows (its roadmap) and sends with its state. */
export const TABLE_HISTORY = 60;
/** After a pause (no instance listening), at most this many missed rounds are dealt afterwards. */
const BACKFILL_ROUNDS = 60;

/** What a viewer sees of a table (the sdk's, shared with the studio page). */
export type { TableState };

export interface PlaceBet {
  memberId: number;
  /** Stakes by spot, `{ spots: { banker: 10_00 } }`; checked by the table's rules. */
  bet: unknown;
  /** The page's id for this bet (a retry repeats it). */
  requestId: string;
}

export interface PlacedBet {
  betId: string;
  roundNo: number;
  bet: TableBet;
  stakeMinor: number;
  status: 'open' | 'settled';
  payoutMinor: number;
}

/**
 * The shared rounds: the state every viewer sees, bets while the window is open, and the
 * settlement of every round whose result time came. All of it reads the app clock;
 * `settleDue` is what the timers (table-timers.ts) and the state call run.
 *
 * @example const tables = new SharedTables(db, clock, transferTableWallet); await tables.placeBet(table, { memberId, bet: { spots: { banker: 10_00 } }, requestId });
 */
export class SharedTables {
  constructor(
    readonly db: Database,
    readonly clock: Clock,
    readonly wallet: TableWallet,
  ) {}

  async state(table: SharedTable): Promise<TableState> {
    const nowMs = this.clock.now();
    await this.settleDue(table);
    const { times, phase } = roundAt(table.schedule, nowMs);
    const block = seedBlockOf(times.roundNo);
    const seed = await ensureSeed(this.db, table.tableId, block);
    const previous = block > 0 ? await findSeed(this.db, table.tableId, block - 1) : undefined;
    const rounds = await recentRounds(this.db, table.tableId, TABLE_HISTORY);
    return {
      tableId: table.tableId,
      kind: table.kind,
      spots: table.rules.spots,
      roundNo: times.roundNo,
      phase,
      opensAtMs: times.opensAtMs,
      closesAtMs: times.closesAtMs,
      resultAtMs: times.resultAtMs,
      nextOpensAtMs: times.nextOpensAtMs,
      nowMs,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: table.tableId,
      revealedSeed: previous ?? null,
      results: rounds.map((round) => ({ roundNo: round.roundNo, resultAtMs: round.resultAtMs, result: round.outcome.result, display: round.outcome.display })),
    };
  }

  /**
   * Places a bet on the round now taking bets; refused (changing nothing) when the spot or
   * stake is wrong, betting is closed, or the wallet refuses the stake. A repeat of the same
   * request answers the bet placed first.
   */
  async placeBet(table: SharedTable, bet: PlaceBet): Promise<PlacedBet> {
    const problem = table.rules.validate(bet.bet);
    if (problem) throw new BusinessError(/is not a spot/.test(problem) ? 'studioBetSpotInvalid' : 'studioBetStakeInvalid', problem);
    const staked = bet.bet as TableBet;
    const stakeMinor = Object.values(staked.spots).reduce<number>((total, stake) => total + (stake ?? 0), 0);
    const nowMs = this.clock.now();
    const { times, phase } = roundAt(table.schedule, nowMs);
    const betId = `${table.tableId}:${times.roundNo}:${bet.memberId}:${bet.requestId}`;
    const earlier = await findBet(this.db, betId);
    if (earlier) return placedOf(earlier);
    if (phase !== 'betting') throw new BusinessError('studioBetsClosed', `round ${times.roundNo}: bets closed at ${new Date(times.closesAtMs).toISOString()}`);
    await ensureSeed(this.db, table.tableId, seedBlockOf(times.roundNo));
    await this.db.transaction(async (tx) => {
      const row = { betId, roundNo: times.roundNo, memberId: bet.memberId, bet: staked, stakeMinor, placedAtMs: nowMs };
      const stored = await insertBet(tx, { ...row, tableId: table.tableId, venueCode: table.venueCode });
      if (stored) await this.wallet.stake(tx, this.moneyOf(table, row), new Date(nowMs));
    });
    return placedOf((await findBet(this.db, betId))!);
  }

  /** A member's latest bets at the table, rounds due settled first (the page shows what each won). */
  async betsOf(table: SharedTable, memberId: number, limit = 20): Promise<PlacedBet[]> {
    await this.settleDue(table);
    return (await betsOfMember(this.db, table.tableId, memberId, limit)).map(placedOf);
  }

  async bet(betId: string): Promise<PlacedBet | undefined> {
    const row = await findBet(this.db, betId);
    return row && placedOf(row);
  }

  /**
   * Deals every round whose result time came and settles its bets: rounds with open bets
   * always, and the missed rounds of the last BACKFILL_ROUNDS so the draw list has no gaps
   * after a short pause. Safe on several instances at once: a round is stored once and each
   * bet leaves 'open' once.
   */
  async settleDue(table: SharedTable): Promise<number[]> {
    const due = lastResultRound(table.schedule, this.clock.now());
    if (due < 0) return [];
    const last = await lastRecordedRound(this.db, table.tableId);
    const from = Math.max(last === null ? due : last + 1, due - BACKFILL_ROUNDS + 1);
    const rounds = new Set(await roundsWithOpenBets(this.db, table.tableId, due));
    for (let roundNo = from; roundNo <= due; roundNo++) rounds.add(roundNo);
    const dealt = [...rounds].sort((a, b) => a - b);
    for (const roundNo of dealt) await this.settleRound(table, roundNo);
    return dealt;
  }

  private async settleRound(table: SharedTable, roundNo: number): Promise<RoundRow> {
    const seedBlock = seedBlockOf(roundNo);
    const seed = await ensureSeed(this.db, table.tableId, seedBlock);
    const block = (cursor: number) => roundBlock(seed.serverSeed, table.tableId, roundNo, cursor);
    const deal = table.rules.play(block, { spots: {} });
    const round = await saveRound(this.db, {
      tableId: table.tableId, venueCode: table.venueCode, kind: table.kind, seedBlock, roundNo,
      resultAtMs: roundAt(table.schedule, roundNo * table.schedule.cycleMs).times.resultAtMs,
      serverSeedHash: seed.serverSeedHash, clientSeed: table.tableId, outcome: { result: deal.result, display: deal.display },
    });
    const nowMs = this.clock.now();
    await this.db.transaction(async (tx: Queryable) => {
      const settled = await settleBets(tx, table.tableId, roundNo, (bet) => table.rules.play(block, bet).payoutMinor, nowMs);
      for (const bet of settled) {
        await this.wallet.pay(tx, this.moneyOf(table, bet), bet.payoutMinor, round.outcome.result, new Date(nowMs));
      }
    });
    return round;
  }

  private moneyOf(table: SharedTable, bet: OpenBet): TableBetMoney {
    return {
      betId: bet.betId, roundId: bet.betId, venueCode: table.venueCode, gameCode: table.gameCode, memberId: bet.memberId,
      stakeMinor: bet.stakeMinor, placedAt: new Date(bet.placedAtMs),
    };
  }
}

function placedOf(row: BetRow): PlacedBet {
  return { betId: row.betId, roundNo: row.roundNo, bet: row.bet, stakeMinor: row.stakeMinor, status: row.status, payoutMinor: row.payoutMinor };
}
