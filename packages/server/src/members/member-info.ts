import { fromMinor, type MemberInfo } from '@lobby/sdk';
import { hasBankCard } from '../banks/bank-cards.js';
import { avatarUrlOf } from '../common/avatars.js';
import type { Queryable } from '../db/database.js';
import { hasWithdrawPassword } from '../orders/withdrawal/withdraw-password.js';
import type { Brand } from '../site/brand-directory.js';
import type { BalanceReader } from './balances.js';
import type { MemberRow } from './member-repository.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * What MemberInfo says of the member beyond its row, each from the feature that keeps it: its
 * avatar ('' before it has one), whether it has bound a bank card (`has_bank`) and set a
 * withdrawal password (`passwordFlag`).
 */
async function memberFlagsOf(db: Queryable, memberId: number): Promise<{ avatar: string; hasBank: boolean; passwordFlag: boolean }> {
  const [avatar, hasBank, passwordFlag] = await Promise.all([avatarUrlOf(db, memberId), hasBankCard(db, memberId), hasWithdrawPassword(db, memberId)]);
  return { avatar, hasBank, passwordFlag };
}

/** MemberInfo (spec section 3) of a member row, with balances from the balance reader. */
export async function memberInfoOf(
  db: Queryable,
  member: MemberRow,
  brand: Brand | undefined,
  balances: BalanceReader,
  nowMs: number,
): Promise<MemberInfo> {
  const [money, flags] = await Promise.all([balances.read(db, member.id), memberFlagsOf(db, member.id)]);
  const yuan = (minor: number) => fromMinor(minor, 2);
  const usdt = (minor: number) => fromMinor(minor, 6);
  return {
    id: member.id,
    name: member.name,
    nickName: member.nickName,
    grade: member.grade,
    lastDays: Math.max(0, Math.floor((nowMs - member.createdAtMs) / DAY_MS)),
    phone: maskPhone(member.phone),
    areaCode: member.areaCode,
    areaName: member.areaCode === '+86' ? 'China' : '',
    realName: member.realName,
    registerIp: member.registerIp,
    siteId: member.siteId,
    siteName: brand?.config.title ?? '',
    provinces: '',
    qq: '',
    sex: 0,
    status: member.status,
    email: member.email,
    avatar: flags.avatar,
    has_bank: flags.hasBank,
    verify_type: 0,
    passwordFlag: flags.passwordFlag,
    isOverseasPhoneFunction: false,
    isAgent: member.isAgent,
    isChatAdmin: member.isChatAdmin,
    centerMoney: yuan(money.centerMinor),
    lockMoney: yuan(money.lockedMinor),
    virtualMoney: usdt(money.usdtMinor),
    virtualLockMoney: usdt(money.usdtLockedMinor),
    AlltotalMoney: yuan(money.totalMinor),
    centerWalletBalance: yuan(money.centerMinor),
    lockedWalletBalance: yuan(money.lockedMinor),
    virtualCurrencyWalletBalance: usdt(money.usdtMinor),
    virtualCurrencyLockWalletBalance: usdt(money.usdtLockedMinor),
    memberTotalBalance: yuan(money.totalMinor),
    baseRate: fromMinor(money.baseRateE5, 5),
  };
}

/** Shows the first 3 and last 4 digits of a phone number. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}` : phone;
}
