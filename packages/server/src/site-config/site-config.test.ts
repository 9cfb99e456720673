import { describe, expect, it } from 'vitest';
import {
  CODE, campaignGuessPlace, announcementContent, bankList, bindBankCard, branchInfo, chatSwitchGet, controlSwitchConfig, countryAreaList, countryAreaSelect, customerServicePayment,
  customerServiceSecretCode, depositorName, duplicateCheck, duplicateClean, financeCustomerService, generalControlSwitches, giftRank, md5Hex, newsSoccerNews, offlineBanks,
  onlineBankCardList, opsControlSwitchSet, opsYuebaoStatus, opsSiteConfigSet, overseasNumberSwitch, premiumVenueJump, realtimeRebateShowConfig, sessionList, siteConfigByKeyCodes,
  sportConfigList, sportConfigListHq, sportsBetPlace, standbyUsdt, standbyUsdtV2, staticDomains, unlimitedRebateTag, usdtToRmb, vipWithdrawInfo, virtualCurrencyInsert,
  virtualCurrencyList, virtualSwitchConfig, withdrawPasswordSet, withdrawalRequest, yebActivityValidation,
} from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { switchOfCall } from './switches.js';

const TRC20 = 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ';

/** A card number: `body` and its Luhn check digit. */
function luhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('switched calls', () => {
  it('maps each feature call to its switch and leaves reads of what a member holds open', () => {
    expect(switchOfCall('newsSoccerNews')).toBe(1);
    expect(switchOfCall('giftRewardSend')).toBe(3);
    expect(switchOfCall('sportsBetPlace')).toBe(4);
    expect(switchOfCall('campaignGuessPlace')).toBe(5);
    expect(switchOfCall('campaignCarnivalApply')).toBe(5);
    expect(switchOfCall('campaignGuessInfo')).toBeUndefined();
    expect(switchOfCall('usdtWithdraw')).toBe(6);
    expect(switchOfCall('usdtToRmb')).toBeUndefined();
    expect(switchOfCall('sportsBetList')).toBeUndefined();
  });
});

describe.each(testEngines())('control switches and site config on %s', (engine) => {
  const suite = serverSuite(engine, { clock: Date.UTC(2026, 10, 26, 4) });
  const ops = (siteId: number, switchType: 1 | 2 | 3 | 4 | 5 | 6, open: boolean) => suite.call(opsControlSwitchSet, { siteId, switchType, open }, { token: suite.opsToken });
  const setConfig = (siteId: number, keyCode: string, value: string) => suite.call(opsSiteConfigSet, { siteId, keyCode, value }, { token: suite.opsToken });
  const openOf = async (siteId = 4) => Object.fromEntries((await suite.call(generalControlSwitches, {}, { siteId })).body.data.list.map((entry) => [entry.switchType, entry.open]));

  it('lists the six switches, all on by default; the operator turns each off and on, in the home of the switch', async () => {
    expect(await openOf()).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: true, 6: true });
    for (const type of [1, 2, 3, 4, 5, 6] as const) expect((await ops(4, type, false)).body.data).toMatchObject({ switchType: type, open: false });
    expect(await openOf()).toEqual({ 1: false, 2: false, 3: false, 4: false, 5: false, 6: false });
    expect(await openOf(8)).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: true, 6: true });
    // The chat and live areas read the same switches.
    expect((await suite.call(chatSwitchGet, {}, { token: (await suite.memberWithBalance(0)).token })).body.data.open).toBe(false);
    expect((await suite.call(controlSwitchConfig, {})).body.data.list.filter((entry) => entry.switchType === 3 || entry.switchType === 4).every((entry) => !entry.open)).toBe(true);
    for (const type of [1, 2, 3, 4, 5, 6] as const) await ops(4, type, true);
    expect(await openOf()).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: true, 6: true });
  });

  it('refuses a bad switch change: unknown brand, unknown switch, a member token', async () => {
    expect((await ops(999, 1, false)).body.code).toBe(CODE.invalidField);
    const bad = await suite.call(opsControlSwitchSet, { siteId: 4, switchType: 7 as 1, open: false }, { token: suite.opsToken });
    expect(bad.status).toBe(400);
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(opsControlSwitchSet, { siteId: 4, switchType: 1, open: false }, { token })).status).toBeGreaterThanOrEqual(400);
    expect(await openOf()).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: true, 6: true });
  });

  it("turns each feature's calls off with 293003 and nothing done, and on again", async () => {
    const { memberId, token } = await suite.memberWithBalance(100_00);
    await ops(4, 1, false);
    const news = await suite.call(newsSoccerNews, {});
    expect(news.body).toMatchObject({ code: CODE.featureSwitchedOff, data: { switchType: 1 } });
    expect(news.body.msg).toMatch(/football intelligence/);
    await ops(4, 1, true);
    expect((await suite.call(newsSoccerNews, {})).body.code).toBe(0);

    await ops(4, 3, false);
    expect((await suite.call(giftRank, { anchorId: 101 })).body.code).toBe(CODE.featureSwitchedOff);
    await ops(4, 3, true);
    expect((await suite.call(giftRank, { anchorId: 101 })).body.code).toBe(0);

    await ops(4, 4, false);
    expect((await suite.callWithKey(sportsBetPlace, { selections: [], stakeMinor: 100 } as never, token)).body.code).toBe(CODE.featureSwitchedOff);
    await ops(4, 4, true);

    await ops(4, 5, false);
    expect((await suite.callWithKey(campaignGuessPlace, { activityId: 1 } as never, token)).body).toMatchObject({ code: CODE.featureSwitchedOff, data: { switchType: 5 } });
    await ops(4, 5, true);
    expect((await suite.callWithKey(campaignGuessPlace, { activityId: 1 } as never, token)).body.code).not.toBe(CODE.featureSwitchedOff);

    await ops(4, 6, false);
    const insert = await suite.call(virtualCurrencyInsert, { protocol: 0, address: TRC20 } as never, { token });
    expect(insert.body.code).toBe(CODE.featureSwitchedOff);
    expect((await suite.call(virtualCurrencyList, {}, { token })).body.data.list).toEqual([]);
    expect((await suite.call(standbyUsdt, {}, { token })).body.code).toBe(CODE.featureSwitchedOff);
    expect((await suite.call(virtualSwitchConfig, {})).body.data).toEqual({ open: false, usdtDeposit: false, usdtWithdraw: false, protocols: [] });
    // USDT back to yuan stays open: no money is stuck behind the switch.
    expect((await suite.callWithKey(usdtToRmb, { amount: 1 } as never, token)).body.code).not.toBe(CODE.featureSwitchedOff);
    await ops(4, 6, true);
    expect((await suite.call(virtualCurrencyInsert, { protocol: 0, address: TRC20 } as never, { token })).body.code).toBe(0);
    expect((await suite.call(virtualSwitchConfig, {})).body.data.open).toBe(true);
    expect(memberId).toBeGreaterThan(0);
  });

  it('serves public config by keyCodes with per-brand defaults; the operator changes a value its rule accepts, and only those', async () => {
    const read = async (keyCodes: string[], siteId = 4) => (await suite.call(siteConfigByKeyCodes, { keyCodes }, { siteId })).body;
    expect((await read(['overseas_mobile_number_switch'])).data.list).toEqual([{ keyCode: 'overseas_mobile_number_switch', value: '0' }]);
    expect((await read(['overseas_mobile_number_switch'], 8)).data.list[0]!.value).toBe('1');
    expect((await read(['no_such_key'])).code).toBe(CODE.siteConfigKeyUnknown);
    expect((await read(['offline_banks'])).code).toBe(CODE.siteConfigKeyUnknown); // members only
    expect((await setConfig(4, 'overseas_mobile_number_switch', 'yes')).body.code).toBe(CODE.siteConfigValueInvalid);
    expect((await setConfig(4, 'country_areas', '["XX"]')).body.code).toBe(CODE.siteConfigValueInvalid);
    expect((await setConfig(4, 'static_domains', '{"107":["javascript:alert(1)"]}')).body.code).toBe(CODE.siteConfigValueInvalid);
    expect((await setConfig(4, 'no_such_key', '1')).body.code).toBe(CODE.siteConfigKeyUnknown);
    expect((await read(['overseas_mobile_number_switch'])).data.list[0]!.value).toBe('0');
    expect((await setConfig(4, 'overseas_mobile_number_switch', '1')).body.data).toEqual({ keyCode: 'overseas_mobile_number_switch', value: '1' });
    expect((await suite.call(overseasNumberSwitch, { keyCode: 'overseas_mobile_number_switch' })).body.data.open).toBe(true);
    await setConfig(4, 'overseas_mobile_number_switch', '0');
    expect((await suite.call(overseasNumberSwitch, { keyCode: 'overseas_mobile_number_switch' })).body.data.open).toBe(false);
    expect((await suite.call(overseasNumberSwitch, { keyCode: 'other' as 'overseas_mobile_number_switch' })).status).toBe(400);
  });

  it('serves static domains, country areas, rebate show config, the rebate tag, sport configs and premium venue jumps', async () => {
    const domains = await suite.call(staticDomains, { category: 0, typeList: '107,101' });
    expect(domains.body.data.list).toEqual([{ type: 107, domains: ['http://localhost:3000', 'http://127.0.0.1:3000'] }, { type: 101, domains: ['http://localhost:3000', 'http://127.0.0.1:3000'] }]);
    await setConfig(4, 'static_domains', '{"107":["https://img.lobby.example"]}');
    expect((await suite.call(staticDomains, { category: 0, typeList: '107' })).body.data.list).toEqual([{ type: 107, domains: ['https://img.lobby.example'] }]);
    expect((await suite.call(staticDomains, { category: 1, typeList: '107' })).body.code).toBe(CODE.invalidField);
    expect((await suite.call(staticDomains, { category: 0, typeList: '107;drop' })).status).toBe(400);

    expect((await suite.call(countryAreaList, {})).body.data.list.map((area) => area.dialCode)).toEqual(['+86', '+852', '+853', '+886']);
    expect((await suite.call(countryAreaList, {}, { siteId: 8 })).body.data.list).toHaveLength(9);
    expect((await suite.call(countryAreaSelect, {})).body.data.defaultDialCode).toBe('+86');
    expect((await suite.call(realtimeRebateShowConfig, {})).body.data).toEqual({ show: true, venueTypes: ['dz', 'zr', 'ty'] });
    expect((await suite.call(realtimeRebateShowConfig, {}, { siteId: 8 })).body.data.show).toBe(false);
    expect((await suite.call(unlimitedRebateTag, {})).body.data).toMatchObject({ show: true, text: { zh: '无上限返水', en: 'Unlimited rebate' } });

    const sports = (await suite.call(sportConfigList, {})).body.data.list;
    expect(sports).toEqual([expect.objectContaining({ code: 'LBSPORT', hq: false, path: '/app/venuesSport/1/LBSPORT', maintenance: false })]);
    expect((await suite.call(sportConfigListHq, {})).body.data.list).toEqual([]);
    await setConfig(4, 'sport_hq_venues', '["LBSPORT"]');
    expect((await suite.call(sportConfigListHq, {})).body.data.list.map((venue) => venue.code)).toEqual(['LBSPORT']);

    expect((await suite.call(premiumVenueJump, { venueCode: 'LBLIVE' })).body.data).toEqual({ venueCode: 'LBLIVE', gameType: 3, path: '/app/realbet', maintenance: false, needLogin: true });
    expect((await suite.call(premiumVenueJump, { venueCode: 'YBHX' })).body.code).toBe(CODE.premiumVenueNotFound); // a partner venue
    expect((await suite.call(premiumVenueJump, { venueCode: 'NOPE' })).body.code).toBe(CODE.premiumVenueNotFound);
    expect((await suite.call(premiumVenueJump, { venueCode: '../x' })).status).toBe(400);
  });

  it("lists a member's own open sessions only, the current one marked", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    const list = (await suite.call(sessionList, {}, { token: a.token })).body.data.list;
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
    expect(list[0]!.device).not.toContain('test-device-0001');
    const { rows } = await suite.db.query<{ id: number }>('SELECT id FROM sessions WHERE member_id = $1', [b.memberId]);
    expect(list.map((entry) => entry.id)).not.toContain(Number(rows[0]!.id));
    expect((await suite.call(sessionList, {})).status).toBe(401);
  });

  it('validates the yuebao activity: valid while the seeded yuebao task runs, yuebaoClosed once the operator closes yuebao', async () => {
    const { token } = await suite.memberWithBalance(0);
    const seeded = (await suite.call(yebActivityValidation, {}, { token })).body.data;
    expect(seeded.valid).toBe(seeded.yebTaskStatus === 1);
    await suite.call(opsYuebaoStatus, { siteId: 4, status: 0 }, { token: suite.opsToken });
    expect((await suite.call(yebActivityValidation, {}, { token })).body.data).toMatchObject({ valid: false, reason: 'yuebaoClosed' });
    await suite.call(opsYuebaoStatus, { siteId: 4, status: 1 }, { token: suite.opsToken });
    expect((await suite.call(yebActivityValidation, {})).status).toBe(401);
  });
});

describe.each(testEngines())('finance desk calls on %s', (engine) => {
  const start = Date.UTC(2026, 10, 26, 4);
  const suite = serverSuite(engine, { clock: start });

  it('serves stand-by USDT v1 and v2 to members by brand', async () => {
    const { token } = await suite.memberWithBalance(0);
    const v1 = (await suite.call(standbyUsdt, {}, { token })).body.data;
    expect(v1.open).toBe(true);
    expect(v1.address).toMatchObject({ protocol: 'TRC20' });
    expect((await suite.call(standbyUsdtV2, {}, { token })).body.data.list.map((entry) => entry.protocol)).toEqual(['TRC20', 'ERC20']);
    const aurora = await suite.memberWithBalance(0, { siteId: 8 });
    expect((await suite.call(standbyUsdtV2, {}, { token: aurora.token, siteId: 8 })).body.data).toEqual({ open: false, list: [] });
    expect((await suite.call(standbyUsdt, {})).status).toBe(401);
  });

  it('marks a submission for 10 s: a second check is a duplicate until it ends or is cleaned', async () => {
    suite.clock.set(start);
    const { token } = await suite.memberWithBalance(0);
    const other = await suite.memberWithBalance(0);
    expect((await suite.call(duplicateCheck, { scene: 'withdraw' }, { token })).body.data).toEqual({ duplicate: false, retryAfterSeconds: 0 });
    expect((await suite.call(duplicateCheck, { scene: 'withdraw' }, { token })).body.data).toEqual({ duplicate: true, retryAfterSeconds: 10 });
    expect((await suite.call(duplicateCheck, { scene: 'withdraw' }, { token: other.token })).body.data.duplicate).toBe(false);
    expect((await suite.call(duplicateCheck, { scene: 'deposit' }, { token })).body.data.duplicate).toBe(false);
    expect((await suite.call(duplicateClean, { scene: 'withdraw' }, { token })).body.data.cleaned).toBe(true);
    expect((await suite.call(duplicateCheck, { scene: 'withdraw' }, { token })).body.data.duplicate).toBe(false);
    suite.clock.set(start + 10_001);
    expect((await suite.call(duplicateCheck, { scene: 'withdraw' }, { token })).body.data.duplicate).toBe(false);
    expect((await suite.call(duplicateCheck, { scene: 'other' as 'deposit' }, { token })).status).toBe(400);
    suite.clock.set(start);
  });

  async function depositOrder(memberId: number, billNo: string, depositorName: string) {
    await suite.db.query(
      `INSERT INTO deposit_orders (bill_no, member_id, site_id, pay_type_id, amount_minor, state, provider, depositor_name, timeout_minutes, expires_at)
       VALUES ($1, $2, 4, '1', 10000, 103, 'sandbox', $3, 15, now())`,
      [billNo, memberId, depositorName],
    );
  }

  it("offers the member's own depositor names and customer service for its own orders only", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    await suite.db.query("UPDATE members SET real_name = '张三' WHERE id = $1", [a.memberId]);
    await depositOrder(a.memberId, `DA${a.memberId}1`, '张三');
    await depositOrder(a.memberId, `DA${a.memberId}2`, '李四');
    await depositOrder(b.memberId, `DB${b.memberId}1`, '王五');
    expect((await suite.call(depositorName, {}, { token: a.token })).body.data).toEqual({ realName: '张三', list: ['李四', '张三'] });
    expect((await suite.call(depositorName, {}, { token: b.token })).body.data.list).toEqual(['王五']);

    const served = (await suite.call(financeCustomerService, { billNo: `DA${a.memberId}1` }, { token: a.token })).body.data;
    expect(served).toMatchObject({ billNo: `DA${a.memberId}1`, kind: 'deposit' });
    expect(served.url).toBe(`/cs?billNo=DA${a.memberId}1&kind=deposit`);
    expect(served.secretCode).toMatch(/^\d{6}$/);
    expect((await suite.call(financeCustomerService, { billNo: `DB${b.memberId}1` }, { token: a.token })).body.code).toBe(CODE.orderNotFound);
    expect((await suite.call(financeCustomerService, { billNo: 'x y' }, { token: a.token })).status).toBe(400);
  });

  it('keeps one customer-service secret code for 10 minutes, then a new one', async () => {
    suite.clock.set(start);
    const { token } = await suite.memberWithBalance(0);
    const first = (await suite.call(customerServiceSecretCode, {}, { token })).body.data;
    suite.clock.set(start + 5 * 60_000);
    expect((await suite.call(customerServiceSecretCode, {}, { token })).body.data).toEqual(first);
    suite.clock.set(start + 10 * 60_000 + 1);
    const next = (await suite.call(customerServiceSecretCode, {}, { token })).body.data;
    expect(next.expiresAt).not.toBe(first.expiresAt);
    suite.clock.set(start);
    const cs = (await suite.call(customerServicePayment, {}, { token })).body.data;
    expect(cs).toMatchObject({ open: true, minMinor: 100000 });
    expect(cs.list.map((agent) => agent.channel)).toEqual(['url', 'telegram']);
  });

  it("lists the member's online-banking deposit cards only", async () => {
    const a = await suite.memberWithBalance(0);
    const b = await suite.memberWithBalance(0);
    const bind = (token: string, type: 0 | 1, bankName: string, cardNo: string) => suite.call(bindBankCard, { type, bankName, cardNo, realName: '张三' }, { token });
    const icbc = luhn('622202020011223');
    expect((await bind(a.token, 0, '中国工商银行', icbc)).body.code).toBe(0);
    expect((await bind(a.token, 0, 'PSBC', luhn('622188260011224'))).body.code).toBe(0);
    expect((await bind(a.token, 1, 'ICBC', luhn('622202020011225'))).body.code).toBe(0);
    const list = (await suite.call(onlineBankCardList, {}, { token: a.token })).body.data.list;
    expect(list).toEqual([expect.objectContaining({ bankCode: 'ICBC', cardNo: `**** ${icbc.slice(-4)}` })]);
    expect((await suite.call(onlineBankCardList, {}, { token: b.token })).body.data.list).toEqual([]);
  });

  it('serves announcements (category 3), banks, branches, offline banks and country dial codes', async () => {
    expect((await suite.call(announcementContent, { category: 3 })).body.data.list[0]!.title.en).toBe('Before you deposit');
    expect((await suite.call(announcementContent, { category: 1 })).body.code).toBe(CODE.invalidField);
    const banks = (await suite.call(bankList, {})).body.data.list;
    expect(banks.find((bank) => bank.bankCode === 'PSBC')).toMatchObject({ onlineBanking: false });
    const branches = (await suite.call(branchInfo, { bankCode: 'ICBC', city: '深圳' })).body.data.list;
    expect(branches.map((branch) => branch.branchName)).toEqual(['中国工商银行深圳福田支行', '中国工商银行深圳南山支行', '中国工商银行深圳罗湖支行']);
    expect((await suite.call(branchInfo, { bankCode: 'XYZ' })).body.code).toBe(CODE.bankNotFound);
    expect((await suite.call(branchInfo, { bankCode: 'icbc' })).status).toBe(400);
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(offlineBanks, {}, { token })).body.data.list[0]).toMatchObject({ bankCode: 'ICBC', bankName: '中国工商银行' });
    expect((await suite.call(offlineBanks, {})).status).toBe(401);
  });

  it("shows the member's VIP withdrawal allowance and what today's withdrawals used", async () => {
    const { memberId, token } = await suite.memberWithBalance(1_000_00, { profile: { grade: 3 } });
    const before = (await suite.call(vipWithdrawInfo, {}, { token })).body.data;
    expect(before).toMatchObject({ grade: 3, usedCounts: 0, usedMinor: 0 });
    expect(before.dayCounts).toBeGreaterThan(0);
    await suite.call(withdrawPasswordSet, { password: md5Hex('246810') }, { token });
    const made = await suite.callWithKey(withdrawalRequest, { amount: 200, withdrawType: 0, withdrawPassword: md5Hex('246810'), bankName: 'ICBC', bankCard: '6222020200112233' }, token);
    expect(made.body.code).toBe(0);
    const after = (await suite.call(vipWithdrawInfo, {}, { token })).body.data;
    expect(after).toMatchObject({ usedCounts: 1, usedMinor: 200_00, leftCounts: before.dayCounts - 1, leftMinor: before.dayMoneyMinor - 200_00 });
    expect(memberId).toBeGreaterThan(0);
  });
});
