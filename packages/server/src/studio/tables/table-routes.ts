import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonOf } from '../../http/body-parsers.js';
import { BusinessError } from '../../http/errors.js';
import { SharedTables, tableOf, type SharedTable } from './shared-tables.js';
import { tableRoundDetail } from './table-detail.js';
import { chatBrokerPush, type TablePush } from './table-push.js';
import { TableTimers, brandTables } from './table-timers.js';
import { transferTableWallet } from './table-wallet.js';

/** Who plays, as the studio session of the page names it. */
export interface TableSession {
  memberId: number | null;
  venueCode: string;
  gameCode: string;
  wallet: 'transfer' | 'seamless' | 'demo';
}

export interface TableRoutesOptions {
  tables: SharedTables;
  push: TablePush;
  /** The page's studio session (`x-studio-session` or `?session=`), or a BusinessError. */
  session(request: FastifyRequest): Promise<TableSession>;
}

/** A bet's request id: what the page sends once per bet (and again on a retry). */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,24}$/;

/**
 * The shared tables' part of the studio's play API (docs/STUDIO.md "Live table and lottery
 * draws"), for a session whose game is a live table or a draw:
 * - `GET /studio/api/table`: the table's state (round, phase and times, seed hash, results);
 * - `POST /studio/api/table/bets` `{ requestId, bet: { spots: { banker: 1000 } } }`: a bet on
 *   the round taking bets (refused with studioBetsClosed after close);
 * - `GET /studio/api/table/bets`: the member's latest bets there and what they paid;
 * - `GET /studio/api/table/live`: a broker login that reads the table's topic only.
 */
export function tableRoutes(app: FastifyInstance, options: TableRoutesOptions): void {
  const ok = (data: unknown) => ({ code: 0, msg: 'ok', data });
  const tableAt = async (request: FastifyRequest): Promise<{ session: TableSession; table: SharedTable }> => {
    const session = await options.session(request);
    const table = tableOf(session.venueCode, session.gameCode);
    if (!table) throw new BusinessError('studioTableNotFound', `game: ${session.gameCode} is not played at a shared table`);
    return { session, table };
  };
  const memberOf = (session: TableSession): number => {
    if (session.memberId === null) throw new BusinessError('studioTableNotFound', 'session: shared tables take bets from members only (no free play)');
    if (session.wallet !== 'transfer') throw new BusinessError('studioTableNotFound', `venue: ${session.venueCode} is seamless; shared tables take bets on transfer venues only`);
    return session.memberId;
  };

  app.get('/studio/api/table', async (request) => ok(await options.tables.state((await tableAt(request)).table)));

  app.post('/studio/api/table/bets', async (request) => {
    const { session, table } = await tableAt(request);
    const memberId = memberOf(session);
    const body = (jsonOf(request.body) ?? {}) as Record<string, unknown>;
    if (typeof body.requestId !== 'string' || !REQUEST_ID_PATTERN.test(body.requestId)) {
      throw new BusinessError('studioBetStakeInvalid', 'requestId: 8 to 24 letters, digits, _ or -');
    }
    return ok({ bet: await options.tables.placeBet(table, { memberId, bet: body.bet, requestId: body.requestId }) });
  });

  app.get('/studio/api/table/bets', async (request) => {
    const { session, table } = await tableAt(request);
    return ok({ bets: await options.tables.betsOf(table, memberOf(session)) });
  });

  app.get('/studio/api/table/live', async (request) => {
    const { session, table } = await tableAt(request);
    return ok(await options.push.login(session.memberId, table.tableId, `${request.protocol}://${request.host}`));
  });
}

/**
 * The shared tables of the studio, wired: the table calls above on the transfer wallet,
 * pushes over the chat broker, the timers while the app listens, and the table bets'
 * verify data behind the studio's `roundDetail`.
 *
 * @example studioTableRoutes(app, (request) => sessionOf(db, idOf(request), now())) // from studio/routes.ts
 */
export function studioTableRoutes(app: FastifyInstance, session: TableRoutesOptions['session']): void {
  const tables = new SharedTables(app.lobby.db, app.lobby.providers.clock, transferTableWallet);
  const push = chatBrokerPush(app);
  tableRoutes(app, { tables, push, session });
  app.studio.addRoundSource((venueCode, roundId) => tableRoundDetail(app.lobby.db, venueCode, roundId));
  const timers = new TableTimers(tables, () => brandTables(app.lobby.db), push, app.log);
  app.addHook('onListen', async () => timers.start());
  app.addHook('onClose', async () => timers.stop());
}
