import { randomInt } from 'node:crypto';
import type { CallResponse, customerServicePayment, standbyUsdtV2 } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import type { Brand } from '../site/brand-directory.js';
import { gradesOf } from '../vip/grade-config.js';
import { configValue } from './config-keys.js';
import { BANKS, bankCodeOfName } from './reference-data.js';
import { beijingDayStartMs } from '../common/beijing-time.js';

/** The remaining finance calls of spec section 7 (issue 21; docs/SITE-CONFIG.md "Finance calls"). */

/** How long a duplicate-submission mark holds (spec section 9: recycling and refresh throttle 10 s). */
export const DUPLICATE_WINDOW_MS = 10_000;
/** How long a customer-service secret code is valid. */
export const SECRET_CODE_MS = 10 * 60_000;

type Standby = CallResponse<typeof standbyUsdtV2>;

export async function standbyOf(q: Queryable, siteId: number): Promise<Standby> {
  const value = await configValue<Standby>(q, siteId, 'standby_usdt');
  return value.open ? value : { open: false, list: [] };
}

/** Takes the scene's mark for the window, or says it is taken and for how long. */
export async function duplicateCheckOf(q: Queryable, memberId: number, scene: string, nowMs: number): Promise<{ duplicate: boolean; retryAfterSeconds: number }> {
  const now = new Date(nowMs);
  const { rows } = await q.query<{ until: Date }>(
    `INSERT INTO member_submission_marks (member_id, scene, until) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, scene) DO UPDATE SET until = EXCLUDED.until WHERE member_submission_marks.until <= $4
     RETURNING until`,
    [memberId, scene, new Date(nowMs + DUPLICATE_WINDOW_MS), now],
  );
  if (rows[0]) return { duplicate: false, retryAfterSeconds: 0 };
  const { rows: held } = await q.query<{ until: Date }>('SELECT until FROM member_submission_marks WHERE member_id = $1 AND scene = $2', [memberId, scene]);
  return { duplicate: true, retryAfterSeconds: Math.max(1, Math.ceil((new Date(held[0]!.until).getTime() - nowMs) / 1000)) };
}

export async function duplicateCleanOf(q: Queryable, memberId: number, scene: string, nowMs: number): Promise<{ cleaned: boolean }> {
  const { rows } = await q.query('DELETE FROM member_submission_marks WHERE member_id = $1 AND scene = $2 AND until > $3 RETURNING scene', [memberId, scene, new Date(nowMs)]);
  return { cleaned: rows.length > 0 };
}

export async function depositorNamesOf(q: Queryable, memberId: number): Promise<{ realName: string; list: string[] }> {
  const { rows: member } = await q.query<{ real_name: string }>('SELECT real_name FROM members WHERE id = $1', [memberId]);
  const { rows } = await q.query<{ name: string }>(
    `SELECT name FROM (
       SELECT CASE WHEN payer_name <> '' THEN payer_name ELSE depositor_name END AS name, max(id) AS last
         FROM deposit_orders WHERE member_id = $1 GROUP BY 1
     ) names WHERE name <> '' ORDER BY last DESC LIMIT 5`,
    [memberId],
  );
  return { realName: member[0]?.real_name ?? '', list: rows.map((row) => row.name) };
}

export async function onlineBankCardsOf(q: Queryable, memberId: number) {
  const { rows } = await q.query<{ id: number; bank_name: string; card_no: string }>('SELECT id, bank_name, card_no FROM member_bank_cards WHERE member_id = $1 AND card_type = 0 ORDER BY id DESC', [memberId]);
  return rows.flatMap((row) => {
    const code = bankCodeOfName(row.bank_name);
    return code && BANKS[code].onlineBanking ? [{ id: Number(row.id), bankName: row.bank_name, bankCode: code, cardNo: `**** ${row.card_no.slice(-4)}` }] : [];
  });
}

type CsPayment = CallResponse<typeof customerServicePayment>;

export async function csPaymentOf(q: Queryable, siteId: number): Promise<CsPayment> {
  const value = await configValue<Omit<CsPayment, 'list'> & { list: Omit<CsPayment['list'][number], 'id'>[] }>(q, siteId, 'cs_payment');
  return { ...value, list: value.open ? value.list.map((agent, index) => ({ id: index + 1, ...agent })) : [] };
}

/** The member's secret code: the valid one, else a new 6-digit code for 10 minutes. */
export async function secretCodeOf(q: Queryable, memberId: number, nowMs: number): Promise<{ code: string; expiresAt: string }> {
  const fresh = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { rows } = await q.query<{ code: string; expires_at: Date }>(
    `INSERT INTO cs_secret_codes (member_id, code, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET code = CASE WHEN cs_secret_codes.expires_at > $4 THEN cs_secret_codes.code ELSE EXCLUDED.code END,
       expires_at = CASE WHEN cs_secret_codes.expires_at > $4 THEN cs_secret_codes.expires_at ELSE EXCLUDED.expires_at END
     RETURNING code, expires_at`,
    [memberId, fresh, new Date(nowMs + SECRET_CODE_MS), new Date(nowMs)],
  );
  return { code: rows[0]!.code, expiresAt: new Date(rows[0]!.expires_at).toISOString() };
}

/** Customer service for one of the member's own orders; another member's or an unknown billNo is orderNotFound. */
export async function orderCustomerService(q: Queryable, brand: Brand, memberId: number, billNo: string, nowMs: number) {
  const { rows } = await q.query<{ kind: 'deposit' | 'withdrawal' }>(
    `SELECT 'deposit' AS kind FROM deposit_orders WHERE bill_no = $1 AND member_id = $2
     UNION ALL SELECT 'withdrawal' FROM withdrawal_orders WHERE bill_no = $1 AND member_id = $2`,
    [billNo, memberId],
  );
  if (!rows[0]) throw new BusinessError('orderNotFound', `billNo: no order ${billNo} of yours`);
  const base = brand.config.customerService[0]?.url ?? '/cs';
  const url = `${base}${base.includes('?') ? '&' : '?'}billNo=${encodeURIComponent(billNo)}&kind=${rows[0].kind}`;
  const { code } = await secretCodeOf(q, memberId, nowMs);
  return { billNo, kind: rows[0].kind, url, secretCode: code };
}

export async function offlineBanksOf(q: Queryable, siteId: number) {
  const list = await configValue<{ bankCode: keyof typeof BANKS; accountName: string; cardNo: string; branch: string }[]>(q, siteId, 'offline_banks');
  return list.map((bank, index) => ({ id: index + 1, bankCode: bank.bankCode, bankName: BANKS[bank.bankCode].zh, accountName: bank.accountName, cardNo: bank.cardNo, branch: bank.branch }));
}

/** The start of the Beijing day (UTC+8) holding `nowMs`. */
export function beijingDayStart(nowMs: number): Date {
  return new Date(beijingDayStartMs(nowMs));
}

export async function vipWithdrawInfoOf(q: Queryable, siteId: number, memberId: number, nowMs: number) {
  const { rows } = await q.query<{ grade: number }>('SELECT grade FROM members WHERE id = $1', [memberId]);
  const grade = Number(rows[0]!.grade);
  const config = (await gradesOf(q, siteId)).find((entry) => entry.level === grade);
  const { rows: used } = await q.query<{ n: number; total: string | number }>(
    "SELECT count(*)::int AS n, coalesce(sum(amount_minor), 0) AS total FROM withdrawal_orders WHERE member_id = $1 AND currency = 'CNY' AND created_at >= $2",
    [memberId, beijingDayStart(nowMs)],
  );
  const dayCounts = config?.dayWithdrawalCounts ?? 0;
  const dayMoneyMinor = config?.dayWithdrawalMoneyMinor ?? 0;
  const usedCounts = Number(used[0]!.n);
  const usedMinor = Number(used[0]!.total);
  return {
    grade, gradeName: config?.name ?? `VIP${grade}`, dayCounts, dayMoneyMinor, usedCounts, usedMinor,
    leftCounts: Math.max(0, dayCounts - usedCounts), leftMinor: Math.max(0, dayMoneyMinor - usedMinor),
  };
}

type VenueType = 'ty' | 'dj' | 'dz' | 'by' | 'zr' | 'cp' | 'qp';

/**
 * The brand's venues with an app (config key venue_apps), in the brand's venue order: a
 * venue the brand does not list, or one without a link, is left out.
 */
export async function venueAppsOf(q: Queryable, brand: Brand, maintenanceOf: (code: string) => Promise<boolean>) {
  const apps = await configValue<{ venueCode: string; android: string; ios: string }[]>(q, brand.siteId, 'venue_apps');
  const byCode = new Map(apps.filter((app) => app.android !== '' || app.ios !== '').map((app) => [app.venueCode, app]));
  const seen = new Set<string>();
  const list = [];
  for (const [venueType, venues] of Object.entries(brand.config.venues) as [VenueType, Brand['config']['venues']['ty']][]) {
    for (const venue of venues) {
      const app = byCode.get(venue.code);
      if (!app || seen.has(venue.code)) continue;
      seen.add(venue.code);
      list.push({
        venueCode: venue.code, venueType, gameType: venue.gameType, zhName: venue.zhName, enName: venue.enName,
        androidUrl: app.android, iosUrl: app.ios, maintenance: await maintenanceOf(venue.code),
      });
    }
  }
  return list;
}

/**
 * The member's money at a glance from its ledger balances (minor units): every venue
 * wallet in our books (the brand's venues, and any other venue still holding money), and
 * the locked wallets as pending withdrawals.
 */
export function financeAmountOf(balances: ReadonlyMap<string, number>, brand: Brand | undefined, baseRateE5: number) {
  const of = (kind: string) => balances.get(kind) ?? 0;
  const names = new Map(Object.values(brand?.config.venues ?? {}).flat().map((venue) => [venue.code, venue]));
  const codes = new Set([...names.keys(), ...[...balances.keys()].filter((kind) => kind.startsWith('venue:')).map((kind) => kind.slice('venue:'.length))]);
  const venues = [...codes].map((code) => ({ venueCode: code, zhName: names.get(code)?.zhName ?? code, enName: names.get(code)?.enName ?? code, moneyMinor: of(`venue:${code}`) }));
  const venueTotalMinor = venues.reduce((sum, venue) => sum + venue.moneyMinor, 0);
  const answer = {
    centerMinor: of('centre'), venueTotalMinor, venues, yuebaoMinor: of('yuebao'), bonusMinor: of('bonus'), usdtMinor: of('usdt'),
    pendingWithdrawMinor: of('locked'), pendingWithdrawUsdtMinor: of('usdt_locked'), baseRateE5,
  };
  return { ...answer, totalMinor: answer.centerMinor + venueTotalMinor + answer.yuebaoMinor + answer.bonusMinor + answer.pendingWithdrawMinor };
}
