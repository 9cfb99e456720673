import { fromMinor, type VipGradeConfig } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** One grade as stored, amounts in fen. */
export interface VipGrade {
  level: number;
  name: string;
  upgradeDepositMinor: number;
  upgradeFlowsMinor: number;
  upgradeBonusMinor: number;
  birthCashMinor: number;
  monthGiftMinor: number;
  dayWithdrawalCounts: number;
  dayWithdrawalMoneyMinor: number;
}

const Y = 100;
/** [level, deposits, turnover, upgrade bonus, birthday, monthly, withdrawals a day, limit a day] in yuan. */
const DEFAULT_TABLE: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0, 3, 50_000],
  [1, 1_000, 5_000, 18, 18, 8, 5, 100_000],
  [2, 5_000, 25_000, 58, 38, 18, 5, 200_000],
  [3, 20_000, 100_000, 188, 88, 38, 8, 300_000],
  [4, 50_000, 250_000, 388, 188, 88, 8, 500_000],
  [5, 100_000, 500_000, 888, 388, 188, 10, 800_000],
  [6, 300_000, 1_500_000, 1_888, 888, 388, 10, 1_000_000],
  [7, 800_000, 4_000_000, 3_888, 1_888, 888, 15, 2_000_000],
  [8, 2_000_000, 10_000_000, 8_888, 3_888, 1_888, 15, 3_000_000],
  [9, 5_000_000, 25_000_000, 18_888, 8_888, 3_888, 20, 5_000_000],
  [10, 10_000_000, 50_000_000, 38_888, 18_888, 8_888, 20, 10_000_000],
];

/**
 * The grades a brand starts with (our choice; the spec shows the fields, not the
 * values). Stored per brand on first use, so an operator can change one brand's rows.
 */
export const DEFAULT_VIP_GRADES: readonly VipGrade[] = DEFAULT_TABLE.map(([level, deposit, flows, bonus, birth, month, counts, money]) => ({
  level: level!,
  name: `VIP${level}`,
  upgradeDepositMinor: deposit! * Y,
  upgradeFlowsMinor: flows! * Y,
  upgradeBonusMinor: bonus! * Y,
  birthCashMinor: birth! * Y,
  monthGiftMinor: month! * Y,
  dayWithdrawalCounts: counts!,
  dayWithdrawalMoneyMinor: money! * Y,
}));

const COLUMNS = `level, name, upgrade_deposit_minor AS "upgradeDepositMinor", upgrade_flows_minor AS "upgradeFlowsMinor",
  upgrade_bonus_minor AS "upgradeBonusMinor", birth_cash_minor AS "birthCashMinor", month_gift_minor AS "monthGiftMinor",
  day_withdrawal_counts AS "dayWithdrawalCounts", day_withdrawal_money_minor AS "dayWithdrawalMoneyMinor"`;

/** The brand's grades v0 to v10, seeding the defaults the first time a brand is asked. */
export async function gradesOf(db: Queryable, siteId: number): Promise<VipGrade[]> {
  let rows = await readGrades(db, siteId);
  if (rows.length === 0) {
    for (const grade of DEFAULT_VIP_GRADES) await insertGrade(db, siteId, grade);
    rows = await readGrades(db, siteId);
  }
  return rows;
}

async function readGrades(db: Queryable, siteId: number): Promise<VipGrade[]> {
  const { rows } = await db.query<VipGrade>(`SELECT ${COLUMNS} FROM vip_grades WHERE site_id = $1 ORDER BY level`, [siteId]);
  return rows.map((row) => ({
    ...row,
    upgradeDepositMinor: Number(row.upgradeDepositMinor),
    upgradeFlowsMinor: Number(row.upgradeFlowsMinor),
    upgradeBonusMinor: Number(row.upgradeBonusMinor),
    birthCashMinor: Number(row.birthCashMinor),
    monthGiftMinor: Number(row.monthGiftMinor),
    dayWithdrawalMoneyMinor: Number(row.dayWithdrawalMoneyMinor),
  }));
}

/** Writes one grade of a brand (seeding, operators and tests); an existing level is replaced. */
export async function insertGrade(db: Queryable, siteId: number, grade: VipGrade): Promise<void> {
  await db.query(
    `INSERT INTO vip_grades (site_id, level, name, upgrade_deposit_minor, upgrade_flows_minor, upgrade_bonus_minor, birth_cash_minor,
       month_gift_minor, day_withdrawal_counts, day_withdrawal_money_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (site_id, level) DO UPDATE SET name = EXCLUDED.name, upgrade_deposit_minor = EXCLUDED.upgrade_deposit_minor,
       upgrade_flows_minor = EXCLUDED.upgrade_flows_minor, upgrade_bonus_minor = EXCLUDED.upgrade_bonus_minor,
       birth_cash_minor = EXCLUDED.birth_cash_minor, month_gift_minor = EXCLUDED.month_gift_minor,
       day_withdrawal_counts = EXCLUDED.day_withdrawal_counts, day_withdrawal_money_minor = EXCLUDED.day_withdrawal_money_minor`,
    [siteId, grade.level, grade.name, grade.upgradeDepositMinor, grade.upgradeFlowsMinor, grade.upgradeBonusMinor, grade.birthCashMinor,
      grade.monthGiftMinor, grade.dayWithdrawalCounts, grade.dayWithdrawalMoneyMinor],
  );
}

/** The wire form of a grade (yuan with 2 decimals). */
export function gradeConfigOf(grade: VipGrade): VipGradeConfig {
  const yuan = (minor: number) => fromMinor(minor, 2);
  return {
    level: grade.level,
    name: grade.name,
    upgradeDeposit: yuan(grade.upgradeDepositMinor),
    upgradeFlows: yuan(grade.upgradeFlowsMinor),
    upgradeBonus: yuan(grade.upgradeBonusMinor),
    birthCash: yuan(grade.birthCashMinor),
    monthGift: yuan(grade.monthGiftMinor),
    dayWithdrawalCounts: grade.dayWithdrawalCounts,
    dayWithdrawalMoney: yuan(grade.dayWithdrawalMoneyMinor),
  };
}
