import type { CommissionAdjustment, CommissionStatement, OpsCommissionStatement } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { agentSettingsOf, isAgent } from './agent-service.js';
import { beijingMonthSql, commissionOf, monthWindow, recentMonths } from './months.js';

/** How many months the agent's own commission page shows: this month and the 11 before it. */
export const AGENT_COMMISSION_MONTHS = 12;
/** The most statements one operator read answers. */
const OPS_STATEMENTS_MAX = 500;

/**
 * The valid bets of the agent's invited members' settled bets in [from, to), by Beijing
 * month of settlement: the turnover the figures and the statements count.
 */
export async function turnoverByMonth(q: Queryable, agentId: number, from: Date, to: Date): Promise<Map<string, number>> {
  const { rows } = await q.query<{ month: string; turnover: string | number }>(
    `SELECT ${beijingMonthSql('b.settled_at')} AS month, sum(b.valid_bet_minor) AS turnover
       FROM game_bets b JOIN member_invitations i ON i.invitee_id = b.member_id
      WHERE i.inviter_id = $1 AND b.status = 'settled' AND b.settled_at >= $2 AND b.settled_at < $3
      GROUP BY 1`,
    [agentId, from, to],
  );
  return new Map(rows.map((row) => [row.month, Number(row.turnover)]));
}

interface StatementRow {
  agent_id: string | number;
  agent_name: string;
  month: string;
  turnover_minor: string | number;
  commission_rate_bp: number;
  commission_minor: string | number;
  adjustment_minor: string | number;
  carried_minor: string | number;
  paid_minor: string | number;
  reference: string | null;
  settled_at: Date;
  settled_by: string;
}

const STATEMENT_SELECT = `SELECT s.agent_id, m.name AS agent_name, s.month, s.turnover_minor, s.commission_rate_bp, s.commission_minor, s.adjustment_minor,
  s.carried_minor, s.paid_minor, s.reference, s.settled_at, s.settled_by
  FROM agent_commission_statements s JOIN members m ON m.id = s.agent_id`;

function statementOf(row: StatementRow, adjustments: CommissionAdjustment[]): OpsCommissionStatement {
  const window = monthWindow(row.month, new Date(0));
  const commissionMinor = Number(row.commission_minor);
  const adjustmentMinor = Number(row.adjustment_minor);
  const carriedMinor = Number(row.carried_minor);
  return {
    agentId: Number(row.agent_id), agentName: row.agent_name, month: row.month, state: 'settled',
    periodFrom: window.from.toISOString(), periodTo: window.to.toISOString(),
    turnoverMinor: Number(row.turnover_minor), commissionRateBp: Number(row.commission_rate_bp), commissionMinor, adjustmentMinor, carriedMinor,
    owedMinor: commissionMinor + adjustmentMinor + carriedMinor, paidMinor: Number(row.paid_minor),
    paidAt: row.settled_at.toISOString(), reference: row.reference, adjustments, settledBy: row.settled_by,
  };
}

/** Statements matching `where` (over `s.`), newest month first, each with its adjustments. */
async function statementsWhere(q: Queryable, where: string, params: unknown[], limit: number): Promise<OpsCommissionStatement[]> {
  const { rows } = await q.query<StatementRow>(`${STATEMENT_SELECT} WHERE ${where} ORDER BY s.month DESC, s.agent_id LIMIT ${limit}`, params);
  if (rows.length === 0) return [];
  const lines = await q.query<{ agent_id: string | number; month: string; for_month: string; turnover_delta_minor: string | number; commission_delta_minor: string | number }>(
    `SELECT agent_id, month, for_month, turnover_delta_minor, commission_delta_minor FROM agent_commission_adjustments
      WHERE agent_id = ANY($1::bigint[]) AND month = ANY($2::text[]) ORDER BY for_month`,
    [[...new Set(rows.map((row) => Number(row.agent_id)))], [...new Set(rows.map((row) => row.month))]],
  );
  return rows.map((row) => statementOf(row, lines.rows
    .filter((line) => Number(line.agent_id) === Number(row.agent_id) && line.month === row.month)
    .map((line) => ({ month: line.for_month, turnoverDeltaMinor: Number(line.turnover_delta_minor), commissionDeltaMinor: Number(line.commission_delta_minor) }))));
}

/** The brand's statements: of one month, of one agent, or the latest 500. */
export async function statementsOf(q: Queryable, filter: { siteId: number; month?: string | undefined; agentId?: number | undefined }): Promise<OpsCommissionStatement[]> {
  return statementsWhere(
    q,
    's.site_id = $1 AND ($2::text IS NULL OR s.month = $2) AND ($3::bigint IS NULL OR s.agent_id = $3)',
    [filter.siteId, filter.month ?? null, filter.agentId ?? null],
    OPS_STATEMENTS_MAX,
  );
}

/**
 * An agent's commission month by month, as its page shows it: this Beijing month and the 11
 * before it, newest first. A settled month is its statement; an unsettled one is its
 * turnover now at the brand's current rate (corrections of earlier months are worked out
 * only when the month is settled). agentNotAgent for a member who is not one.
 */
export async function agentCommissionOf(q: Queryable, member: { id: number; siteId: number }, now: Date): Promise<CommissionStatement[]> {
  if (!(await isAgent(q, member.id))) throw new BusinessError('agentNotAgent', 'the member is not an agent');
  const months = recentMonths(now, AGENT_COMMISSION_MONTHS);
  const oldest = months.at(-1)!;
  const settled = await statementsWhere(q, 's.agent_id = $1 AND s.month >= $2', [member.id, oldest.month], AGENT_COMMISSION_MONTHS);
  const byMonth = new Map(settled.map(({ agentId: _agent, agentName: _name, settledBy: _by, ...statement }) => [statement.month, statement]));
  const turnover = await turnoverByMonth(q, member.id, oldest.from, months[0]!.to);
  const { commissionRateBp } = await agentSettingsOf(q, member.siteId);
  return months.map((window, back): CommissionStatement => {
    const statement = byMonth.get(window.month);
    if (statement) return statement;
    const turnoverMinor = turnover.get(window.month) ?? 0;
    const commissionMinor = commissionOf(turnoverMinor, commissionRateBp);
    return {
      month: window.month, state: back === 0 ? 'open' : 'closed', periodFrom: window.from.toISOString(), periodTo: window.to.toISOString(),
      turnoverMinor, commissionRateBp, commissionMinor, adjustmentMinor: 0, carriedMinor: 0, owedMinor: commissionMinor, paidMinor: 0,
      paidAt: null, reference: null, adjustments: [],
    };
  });
}
