import type { Queryable } from '../db/database.js';

/** A member's wallet settings: wallet type (1 RMB, 2 USDT) and the auto transfer switch. */
export interface WalletSettings {
  walletType: 1 | 2;
  autoTransfer: 0 | 1;
}

/** @example (await walletSettingsOf(db, memberId)).walletType // 1 until the member sets USDT */
export async function walletSettingsOf(q: Queryable, memberId: number): Promise<WalletSettings> {
  const { rows } = await q.query<{ wallet_type: number; auto_transfer: number }>(
    'SELECT wallet_type, auto_transfer FROM member_wallet_settings WHERE member_id = $1',
    [memberId],
  );
  const row = rows[0];
  return { walletType: row?.wallet_type === 2 ? 2 : 1, autoTransfer: row?.auto_transfer === 1 ? 1 : 0 };
}

/** Updates some settings of a member (created with the defaults on first write). */
export async function updateWalletSettings(q: Queryable, memberId: number, change: Partial<WalletSettings>): Promise<WalletSettings> {
  const current = await walletSettingsOf(q, memberId);
  const next = { ...current, ...change };
  await q.query(
    `INSERT INTO member_wallet_settings (member_id, wallet_type, auto_transfer) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET wallet_type = EXCLUDED.wallet_type, auto_transfer = EXCLUDED.auto_transfer`,
    [memberId, next.walletType, next.autoTransfer],
  );
  return next;
}
