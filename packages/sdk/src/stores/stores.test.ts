import { afterEach, describe, expect, it } from 'vitest';
import {
  $member,
  $messages,
  $session,
  $wallet,
  clearSession,
  counterOf,
  localStore,
  markRead,
  setMember,
  setMessageCounts,
  setSession,
  setSiteConfig,
  $siteConfig,
  setWallet,
  STORAGE_KEY,
  type MemberInfo,
  type SiteBaseConfig,
  type WalletBalance,
} from '@lobby/sdk';

afterEach(() => clearSession());

const member = { id: 1, name: 'demo', nickName: 'Demo' } as MemberInfo;
const counts = { activityCount: 2, noticeCount: 5, depositWithDrawCount: 1, privateCount: 0, showDwTab: true };

describe('$session', () => {
  it('persists the token under lobby.session and clears it', () => {
    setSession('t-1');
    expect($session.get()).toEqual({ token: 't-1' });
    expect(JSON.parse(localStore().getItem(STORAGE_KEY.session)!)).toEqual({ token: 't-1' });
    clearSession();
    expect($session.get()).toBeNull();
    expect(localStore().getItem(STORAGE_KEY.session)).toBeNull();
    expect(() => setSession('')).toThrow(TypeError);
  });

  it('logout resets member, wallet and message counts in one notification', () => {
    setSession('t-2');
    setMember(member);
    setWallet({ memberTotalBalance: 1, baseRate: 7, venueList: [] } as unknown as WalletBalance);
    setMessageCounts(counts);
    const seen: unknown[] = [];
    const unlisten = $session.listen(() => seen.push([$member.get(), $wallet.get(), $messages.get().noticeCount]));
    clearSession();
    unlisten();
    expect(seen).toEqual([[null, null, 0]]);
  });

  it('keeps the site config on logout', () => {
    setSiteConfig({ title: 'lobby' } as SiteBaseConfig);
    clearSession();
    expect($siteConfig.get()?.title).toBe('lobby');
  });
});

describe('$member', () => {
  it('ignores a broken update', () => {
    setMember(member);
    expect(setMember(null as unknown as MemberInfo).ok).toBe(false);
    expect($member.get()).toBe(member);
  });
});

describe('$messages', () => {
  it('maps read types to counters: 1 activity, 0 private, 3 deposit/withdraw, else notice', () => {
    expect([counterOf(1), counterOf(0), counterOf(3), counterOf(2), counterOf(9)]).toEqual([
      'activityCount',
      'privateCount',
      'depositWithDrawCount',
      'noticeCount',
      'noticeCount',
    ]);
  });

  it('markRead lowers the counter of the type and never below 0', () => {
    setMessageCounts(counts);
    markRead(1);
    markRead(3);
    markRead(3);
    markRead(0);
    markRead(7, 3);
    expect($messages.get()).toEqual({ activityCount: 1, noticeCount: 2, depositWithDrawCount: 0, privateCount: 0, showDwTab: true });
  });

  it('a bad update leaves the counts unchanged', () => {
    setMessageCounts(counts);
    expect(markRead(1, -2).ok).toBe(false);
    expect(setMessageCounts({ ...counts, noticeCount: -1 }).ok).toBe(false);
    expect($messages.get()).toEqual(counts);
  });
});
