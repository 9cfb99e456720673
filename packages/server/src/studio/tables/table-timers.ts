import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { roundAt } from './schedule.js';
import { drawTable, liveTable, type SharedTable, type SharedTables } from './shared-tables.js';
import type { TablePush } from './table-push.js';

/** How often a listening instance looks for a table whose phase changed. */
export const TABLE_TICK_MS = 500;
/** How often it re-reads which venues have tables. */
const TABLE_LIST_MS = 30_000;

/**
 * The shared tables of every brand's venues: a live table per live venue (category 3) and
 * a minute draw per lottery venue (category 4), from the sites' venue config.
 */
export async function brandTables(db: Queryable): Promise<SharedTable[]> {
  const { rows } = await db.query<{ config: { venues?: Record<string, { code: string; gameType: number }[]> } }>('SELECT config FROM sites ORDER BY site_id');
  const tables = new Map<string, SharedTable>();
  for (const venue of rows.flatMap((row) => Object.values(row.config.venues ?? {}).flat())) {
    const table = venue.gameType === 3 ? liveTable(venue.code) : venue.gameType === 4 ? drawTable(venue.code) : undefined;
    if (table) tables.set(table.tableId, table);
  }
  return [...tables.values()];
}

/**
 * Drives the tables while the app listens (like venues/ reconcileWhileListening): every
 * TABLE_TICK_MS, each table whose round or phase changed since the last look is settled
 * (`settleDue`) and its new state pushed to every viewer. Nothing here decides an outcome:
 * the schedule and seeds do, so several instances ticking at once push the same state.
 */
export class TableTimers {
  private timer: NodeJS.Timeout | undefined;
  private tables: SharedTable[] = [];
  private listedAtMs = -Infinity;
  private readonly seen = new Map<string, string>();
  private running = false;

  constructor(
    private readonly shared: SharedTables,
    private readonly list: () => Promise<SharedTable[]>,
    private readonly push: TablePush,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), TABLE_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One look at every table; a tick still running when the next is due is skipped. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const nowMs = this.shared.clock.now();
      if (nowMs - this.listedAtMs >= TABLE_LIST_MS) [this.tables, this.listedAtMs] = [await this.list(), nowMs];
      for (const table of this.tables) {
        const { times, phase } = roundAt(table.schedule, nowMs);
        const mark = `${times.roundNo}:${phase}`;
        if (this.seen.get(table.tableId) === mark) continue;
        this.seen.set(table.tableId, mark);
        await this.push.publish(await this.shared.state(table));
      }
    } catch (error) {
      this.log.warn({ err: error }, 'studio table tick failed');
    } finally {
      this.running = false;
    }
  }
}
