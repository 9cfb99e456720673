import { describe, expect, it } from 'vitest';
import {
  CODE, buyCoin, md5Hex, captchaCheck, captchaImage, captchaRegister, downloadConfig, memberFinanceAmount, opsDownloadAppKeyCreate, opsDownloadConfigSet, opsSiteConfigSet,
  transferStatusFetch, venueAppList, venueTransferIn, withdrawPasswordSet, withdrawalRequest, yuebaoToYeb,
} from '@lobby/sdk';
import type { SandboxCaptcha } from '../captcha/sandbox-captcha.js';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

/** The five calls of spec section 7 built last: venue app list, member finance amount, captcha register, download config, transfer status. */
describe.each(testEngines())('venue apps, finance amount, captcha register, download config and transfer status on %s', (engine) => {
  const suite = serverSuite(engine, { clock: Date.UTC(2026, 10, 26, 4) });
  const setConfig = (siteId: number, keyCode: string, value: string) => suite.call(opsSiteConfigSet, { siteId, keyCode, value }, { token: suite.opsToken });

  it("lists the brand's venues with an app, in the brand's order; the operator's list is checked and a venue the brand lacks is left out", async () => {
    const list = (await suite.call(venueAppList, {})).body.data.list;
    expect(list.map((app) => [app.venueCode, app.venueType])).toEqual([['LBSPORT', 'ty'], ['LBLIVE', 'zr']]);
    expect(list[1]).toMatchObject({ zhName: '乐博真人', androidUrl: 'https://downloads.lobby.example/venues/lblive.apk', iosUrl: '', maintenance: false });
    expect((await suite.call(venueAppList, {}, { siteId: 8 })).body.data.list).toEqual([]);

    expect((await setConfig(8, 'venue_apps', '[{"venueCode":"AULIVE","android":"javascript:alert(1)","ios":""}]')).body.code).toBe(CODE.siteConfigValueInvalid);
    expect((await setConfig(8, 'venue_apps', '[{"venueCode":"AULIVE","android":"","ios":""},{"venueCode":"AULIVE","android":"","ios":""}]')).body.code).toBe(CODE.siteConfigValueInvalid);
    expect((await suite.call(venueAppList, {}, { siteId: 8 })).body.data.list).toEqual([]);
    const set = await setConfig(8, 'venue_apps', '[{"venueCode":"LBSPORT","android":"https://x.example/a.apk","ios":""},{"venueCode":"AULIVE","android":"","ios":"https://x.example/ios"},{"venueCode":"AUSLOTS","android":"","ios":""}]');
    expect(set.body.code).toBe(0);
    // LBSPORT is not aurora's; AUSLOTS has no link.
    expect((await suite.call(venueAppList, {}, { siteId: 8 })).body.data.list).toEqual([
      { venueCode: 'AULIVE', venueType: 'zr', gameType: 3, zhName: '极光真人', enName: 'Aurora Live', androidUrl: '', iosUrl: 'https://x.example/ios', maintenance: false },
    ]);
    expect((await suite.call(venueAppList, {})).body.data.list).toHaveLength(2); // lobby unchanged
  });

  it("answers a member's own money: centre, each venue and their total, yuebao, bonus, USDT, pending withdrawals, and the yuan total", async () => {
    const { token } = await suite.memberWithBalance(500_00, { profile: { grade: 3 } });
    const other = await suite.memberWithBalance(77_00);
    expect((await suite.callWithKey(venueTransferIn, { api_name: 'LBSPORT', transferIntoVal: 120.5 }, token)).body.code).toBe(0);
    expect((await suite.callWithKey(yuebaoToYeb, { money: 30 }, token)).body.code).toBe(0);
    const amount = (await suite.call(memberFinanceAmount, {}, { token })).body.data;
    expect(amount).toMatchObject({
      centerMinor: 349_50, venueTotalMinor: 120_50, yuebaoMinor: 30_00, bonusMinor: 0, usdtMinor: 0, pendingWithdrawMinor: 0, pendingWithdrawUsdtMinor: 0, totalMinor: 500_00,
    });
    expect(amount.baseRateE5).toBeGreaterThan(0);
    expect(amount.venues.find((venue) => venue.venueCode === 'LBSPORT')).toEqual({ venueCode: 'LBSPORT', zhName: '乐博体育', enName: 'Lobby Sports', moneyMinor: 120_50 });
    expect(amount.venues.map((venue) => venue.venueCode)).toEqual(expect.arrayContaining(['LBLIVE', 'LBSLOTS', 'YBHX']));
    // A withdrawal under review: its money leaves the centre for the pending figure, the total stays.
    await suite.call(withdrawPasswordSet, { password: md5Hex('246810') }, { token });
    const made = await suite.callWithKey(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: md5Hex('246810'), bankName: 'ICBC', bankCard: '6222020200112233' }, token);
    expect(made.body.code).toBe(0);
    expect((await suite.call(memberFinanceAmount, {}, { token })).body.data).toMatchObject({ centerMinor: 249_50, pendingWithdrawMinor: 100_00, totalMinor: 500_00 });
    // Another member sees only its own.
    expect((await suite.call(memberFinanceAmount, {}, { token: other.token })).body.data).toMatchObject({ centerMinor: 77_00, venueTotalMinor: 0, totalMinor: 77_00 });
    expect((await suite.call(memberFinanceAmount, {})).status).toBe(401);
  });

  it('registers a captcha id before its image; the image of the id is drawn afresh, an old image stops counting, a foreign or spent id is refused', async () => {
    const registered = (await suite.call(captchaRegister, {})).body.data;
    expect(registered).toMatchObject({ expiresInS: 300, required: true });
    expect((await suite.call(captchaRegister, {}, { siteId: 8 })).body.data.required).toBe(true);
    const captcha = suite.app.lobby.providers.captcha as SandboxCaptcha;
    const first = (await suite.call(captchaImage, { captchaId: registered.captchaId })).body.data;
    expect(first.captchaId).toBe(registered.captchaId);
    expect(first.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const firstAnswer = await captcha.answerOf(registered.captchaId);
    // Each fetch draws new digits for the id (4 digits: redraw until they differ, at most a few times).
    let secondAnswer = firstAnswer;
    for (let tries = 0; tries < 5 && secondAnswer === firstAnswer; tries += 1) {
      expect((await suite.call(captchaImage, { captchaId: registered.captchaId })).body.data.captchaId).toBe(registered.captchaId);
      secondAnswer = await captcha.answerOf(registered.captchaId);
    }
    expect(secondAnswer).not.toBe(firstAnswer);
    // The old image's digits no longer count (and a wrong answer burns the id).
    expect((await suite.call(captchaCheck, { captchaId: registered.captchaId, captchaCode: firstAnswer! })).body.data.valid).toBe(false);
    expect((await suite.call(captchaImage, { captchaId: registered.captchaId })).body.code).toBe(CODE.captchaNotRegistered);

    const fresh = (await suite.call(captchaRegister, {})).body.data.captchaId;
    // Another brand's id is not this brand's.
    expect((await suite.call(captchaImage, { captchaId: fresh }, { siteId: 8 })).body.code).toBe(CODE.captchaNotRegistered);
    const image = await suite.call(captchaImage, { captchaId: fresh });
    expect((await suite.call(captchaCheck, { captchaId: fresh, captchaCode: (await captcha.answerOf(fresh))! })).body.data.valid).toBe(true);
    expect(image.body.code).toBe(0);
    expect((await suite.call(captchaImage, { captchaId: 'nope' })).body.code).toBe(CODE.captchaNotRegistered);
    expect((await suite.call(captchaImage, { captchaId: '../x' })).status).toBe(400);
    // Past its 5 minutes the id is gone.
    const late = (await suite.call(captchaRegister, {})).body.data.captchaId;
    suite.clock.advance(5 * 60_000 + 1);
    expect((await suite.call(captchaImage, { captchaId: late })).body.code).toBe(CODE.captchaNotRegistered);
    // Without an id the image call still makes a new captcha.
    expect((await suite.call(captchaImage, {})).body.data.captchaId).not.toBe(late);
  });

  it("reads the brand's client downloads from its enabled app keys; another brand's keys and a disabled key do not count", async () => {
    const lobby = (await suite.call(downloadConfig, {})).body.data;
    expect(lobby).toEqual({
      downloadable: true,
      android: 'https://downloads.lobby.example/app/lobby-3.4.0.apk',
      ios: 'https://downloads.lobby.example/app/ios',
      testflight: 'https://testflight.apple.com/join/LOBBYDEMO',
      windows: 'https://downloads.lobby.example/pc/lobby-setup-3.4.0.exe',
      mac: 'https://downloads.lobby.example/pc/lobby-3.4.0.dmg',
      iosDescriptor: { teamId: 'LOBBYDEMO1', descAddr: 'https://downloads.lobby.example/ios/lobby.mobileconfig' },
    });
    expect((await suite.call(downloadConfig, {}, { siteId: 8 })).body.data).toEqual({ downloadable: false, android: '', ios: '', testflight: '', windows: '', mac: '', iosDescriptor: null });
    const { appKey } = (await suite.call(opsDownloadAppKeyCreate, { siteId: 8, agent: 'aurora' }, { token: suite.opsToken })).body.data;
    expect((await suite.call(opsDownloadConfigSet, { appKey, urls: { android: 'ftp://bad' } }, { token: suite.opsToken })).body.code).toBe(CODE.invalidField);
    expect((await suite.call(downloadConfig, {}, { siteId: 8 })).body.data.downloadable).toBe(false);
    await suite.call(opsDownloadConfigSet, { appKey, urls: { android: 'https://aurora.example/a.apk' } }, { token: suite.opsToken });
    expect((await suite.call(downloadConfig, {}, { siteId: 8 })).body.data).toMatchObject({ downloadable: true, android: 'https://aurora.example/a.apk', ios: '' });
    await suite.call(opsDownloadConfigSet, { appKey, enabled: false }, { token: suite.opsToken });
    expect((await suite.call(downloadConfig, {}, { siteId: 8 })).body.data.downloadable).toBe(false);
    expect((await suite.call(downloadConfig, {})).body.data.android).toBe(lobby.android);
  });

  it("says whether the centre wallet can pay for coins and the member's own last purchase; a foreign bill is not found", async () => {
    const poor = await suite.memberWithBalance(50);
    const before = (await suite.call(transferStatusFetch, {}, { token: poor.token })).body.data;
    expect(before).toMatchObject({ canPay: false, code: CODE.exceedsBalance, centerWalletBalance: 0.5, minMoney: 1, maxMoney: 0, lastPurchase: null });

    const { token } = await suite.memberWithBalance(80_00);
    const idle = (await suite.call(transferStatusFetch, {}, { token })).body.data;
    expect(idle).toMatchObject({ canPay: true, code: 0, centerWalletBalance: 80, maxMoney: 80, lastPurchase: null });
    const bought = (await suite.callWithKey(buyCoin, { money: 12 }, token)).body.data;
    const after = (await suite.call(transferStatusFetch, {}, { token })).body.data;
    expect(after).toMatchObject({ canPay: true, centerWalletBalance: 68, maxMoney: 68 });
    expect(after.lastPurchase).toMatchObject({ billNo: bought.billNo, status: 'success', money: 12, coins: bought.coins });
    expect((await suite.call(transferStatusFetch, { billNo: bought.billNo }, { token })).body.data.lastPurchase?.billNo).toBe(bought.billNo);
    // Another member asks about this bill: not found, and nothing told.
    const foreign = await suite.call(transferStatusFetch, { billNo: bought.billNo }, { token: poor.token });
    expect(foreign.body.code).toBe(CODE.orderNotFound);
    expect(foreign.body.data).toBeNull();
    expect((await suite.call(transferStatusFetch, { billNo: 'x; drop' }, { token })).status).toBe(400);
    expect((await suite.call(transferStatusFetch, {})).status).toBe(401);
  });
});
