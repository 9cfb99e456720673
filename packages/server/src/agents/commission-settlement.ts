import type { CommissionAdjustment, OpsCommissionStatement } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { applyTransfers, ensureAccounts, type SystemAccountKind } from '../ledger/index.js';
import { agentSettingsOf } from './agent-service.js';
import { statementsOf, turnoverByMonth } from './commission-statements.js';
import { commissionOf, monthWindow, type MonthWindow } from './months.js';

/** The ledger code of a commission payment; transaction records list it as dealType `commission`. */
export const COMMISSION_TRANSFER_CODE = 'agent_commission';

/** The brand's commission expense account: commission is paid from it (a system account, it goes below zero). */
export const commissionAccountKind = (siteId: number): SystemAccountKind => `agent_commission:${siteId}`;

/** What one settlement run did. */
export interface SettlementRun {
  siteId: number;
  month: string;
  periodFrom: string;
  periodTo: string;
  agents: number;
  settledNow: number;
  alreadySettled: number;
  paidNowMinor: number;
  list: OpsCommissionStatement[];
}

interface AgentSettlement {
  siteId: number;
  agentId: number;
  window: MonthWindow;
  commissionRateBp: number;
  now: Date;
  actor: string;
}

/** A month settled earlier, and the turnover its statement and later corrections counted. */
interface CountedMonth {
  month: string;
  rateBp: number;
  turnoverMinor: number;
}

async function countedMonthsBefore(tx: Queryable, agentId: number, month: string): Promise<CountedMonth[]> {
  const { rows } = await tx.query<{ month: string; rate: number; counted: string | number }>(
    `SELECT s.month, s.commission_rate_bp AS rate,
            s.turnover_minor + coalesce((SELECT sum(a.turnover_delta_minor) FROM agent_commission_adjustments a WHERE a.agent_id = s.agent_id AND a.for_month = s.month), 0) AS counted
       FROM agent_commission_statements s WHERE s.agent_id = $1 AND s.month < $2 ORDER BY s.month`,
    [agentId, month],
  );
  return rows.map((row) => ({ month: row.month, rateBp: Number(row.rate), turnoverMinor: Number(row.counted) }));
}

/** What the agent's statements owe beyond what they paid: 0, or below 0 when it was paid more than owed (late corrections). */
async function balanceOf(tx: Queryable, agentId: number): Promise<number> {
  const { rows } = await tx.query<{ balance: string | number }>(
    'SELECT coalesce(sum(commission_minor + adjustment_minor - paid_minor), 0) AS balance FROM agent_commission_statements WHERE agent_id = $1',
    [agentId],
  );
  return Number(rows[0]!.balance);
}

/** The corrections of earlier settled months: their turnover now against what was counted, each at its own month's rate. */
function correctionsOf(counted: readonly CountedMonth[], turnoverNow: Map<string, number>): CommissionAdjustment[] {
  return counted.flatMap(({ month, rateBp, turnoverMinor }) => {
    const nowMinor = turnoverNow.get(month) ?? 0;
    if (nowMinor === turnoverMinor) return [];
    return [{ month, turnoverDeltaMinor: nowMinor - turnoverMinor, commissionDeltaMinor: commissionOf(nowMinor, rateBp) - commissionOf(turnoverMinor, rateBp) }];
  });
}

/**
 * Settles one agent's month in the caller's transaction, once: the agent's member row is
 * locked first, so settlements of this agent (of any month) queue and each reads the
 * statements the one before it wrote. Answers the amount paid, or null when the month was
 * settled already (nothing happens then).
 */
async function settleAgent(tx: Queryable, input: AgentSettlement): Promise<number | null> {
  const { agentId, window } = input;
  await tx.query('SELECT id FROM members WHERE id = $1 FOR NO KEY UPDATE', [agentId]);
  const done = await tx.query('SELECT 1 FROM agent_commission_statements WHERE agent_id = $1 AND month = $2', [agentId, window.month]);
  if (done.rows.length > 0) return null;
  const counted = await countedMonthsBefore(tx, agentId, window.month);
  const from = counted.length > 0 ? monthWindow(counted[0]!.month, input.now).from : window.from;
  const turnoverNow = await turnoverByMonth(tx, agentId, from, window.to);
  const turnoverMinor = turnoverNow.get(window.month) ?? 0;
  const commissionMinor = commissionOf(turnoverMinor, input.commissionRateBp);
  const adjustments = correctionsOf(counted, turnoverNow);
  const adjustmentMinor = adjustments.reduce((sum, line) => sum + line.commissionDeltaMinor, 0);
  const carriedMinor = await balanceOf(tx, agentId);
  const paidMinor = Math.max(0, commissionMinor + adjustmentMinor + carriedMinor);
  const reference = paidMinor > 0 ? `${COMMISSION_TRANSFER_CODE}:${agentId}:${window.month}` : null;
  await tx.query(
    `INSERT INTO agent_commission_statements (agent_id, month, site_id, turnover_minor, commission_rate_bp, commission_minor, adjustment_minor, carried_minor,
       paid_minor, reference, settled_at, settled_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [agentId, window.month, input.siteId, turnoverMinor, input.commissionRateBp, commissionMinor, adjustmentMinor, carriedMinor, paidMinor, reference, input.now, input.actor],
  );
  for (const line of adjustments) {
    await tx.query(
      'INSERT INTO agent_commission_adjustments (agent_id, month, for_month, turnover_delta_minor, commission_delta_minor) VALUES ($1, $2, $3, $4, $5)',
      [agentId, window.month, line.month, line.turnoverDeltaMinor, line.commissionDeltaMinor],
    );
  }
  if (reference) {
    const [centre, expense] = await ensureAccounts(tx, [
      { memberId: agentId, kind: 'centre', currency: 'CNY' },
      { memberId: null, kind: commissionAccountKind(input.siteId), currency: 'CNY' },
    ]);
    await applyTransfers(tx, [{
      debitAccountId: expense!.id, creditAccountId: centre!.id, amountMinor: paidMinor, currency: 'CNY', code: COMMISSION_TRANSFER_CODE, reference, orderReference: reference,
    }]);
  }
  return paidMinor;
}

/**
 * Settles a closed Beijing month of a brand (docs/AGENTS.md "Settlement"): every agent of the
 * brand gets its statement of the month, and its commission (with corrections of its earlier
 * paid months, less any overpayment carried) is paid from the brand's commission account into
 * its centre wallet, one transaction per agent. A month not over yet is refused
 * (agentCommissionMonthOpen) and nothing is written; a repeat settles nobody twice.
 *
 * @example await settleMonth(db, 4, '2026-11', new Date(), 'operator')
 */
export async function settleMonth(db: Database, siteId: number, month: string, now: Date, actor: string): Promise<SettlementRun> {
  const window = monthWindow(month, now);
  if (window.to.getTime() > now.getTime()) {
    throw new BusinessError('agentCommissionMonthOpen', `month ${month} (Beijing time) ends at ${window.to.toISOString()}; it can be settled after that`);
  }
  const { commissionRateBp } = await agentSettingsOf(db, siteId);
  const { rows } = await db.query<{ id: string | number }>('SELECT id FROM members WHERE site_id = $1 AND is_agent ORDER BY id', [siteId]);
  const run = { settledNow: 0, paidNowMinor: 0 };
  for (const row of rows) {
    const input = { siteId, agentId: Number(row.id), window, commissionRateBp, now, actor };
    const paid = await db.transaction((tx) => settleAgent(tx, input));
    if (paid === null) continue;
    run.settledNow += 1;
    run.paidNowMinor += paid;
  }
  return {
    siteId, month: window.month, periodFrom: window.from.toISOString(), periodTo: window.to.toISOString(),
    agents: rows.length, settledNow: run.settledNow, alreadySettled: rows.length - run.settledNow, paidNowMinor: run.paidNowMinor,
    list: await statementsOf(db, { siteId, month: window.month }),
  };
}
