import { describe, expect, it } from 'vitest';
import { CODE, cancelNormalOrder, depositPay, speedToCardConfig, usdtDepositAddress, usdtDepositMerchants, validateUsdtAddress } from '@lobby/sdk';
import { testEngines } from '../../testing/databases.js';
import { serverSuite } from '../../testing/server-suite.js';

describe.each(testEngines())('speed-to-card config and USDT deposit address on %s', (engine) => {
  const suite = serverSuite(engine);

  it('answers every speed-to-card config field and counts the speed orders left today', async () => {
    const { token } = await suite.memberWithBalance(0);
    const config = (await suite.call(speedToCardConfig, {}, { token })).body.data;
    expect(config).toEqual({ bankMaintain: false, payConfirmTime: 15, payCount: 5, payDiscountLimit: 88, payNameType: 1, payRewardRate: 0.5, whitelist: false });
    const order = await suite.callWithKey(depositPay, { payTypeId: '912', amount: 300 }, token);
    expect(order.body.code).toBe(0);
    expect((await suite.call(speedToCardConfig, {}, { token })).body.data.payCount).toBe(4);
    await suite.callWithKey(cancelNormalOrder, { billNo: order.body.data.billNo }, token);
    expect((await suite.call(speedToCardConfig, {}, { token })).body.data.payCount).toBe(4);
    expect((await suite.call(speedToCardConfig, {})).status).toBe(401);
  });

  it('answers the USDT deposit address of a merchant, valid for its protocol, and refuses an unknown merchant or a site without USDT', async () => {
    const { token } = await suite.memberWithBalance(0);
    const merchants = (await suite.call(usdtDepositMerchants, {}, { token })).body.data;
    expect(merchants).toEqual({ supportUsdt: true, list: [{ merchantNo: 'USDT-TRC20-01', protocol: 'TRC20', minAmount: 10 }, { merchantNo: 'USDT-ERC20-01', protocol: 'ERC20', minAmount: 20 }] });
    const trc = (await suite.call(usdtDepositAddress, { merchantNo: 'USDT-TRC20-01' }, { token })).body.data;
    expect(trc).toMatchObject({ merchantNo: 'USDT-TRC20-01', protocol: 'TRC20', exchangeRate: 7.15, minAmount: 10 }); // route 'rmb' credits at the change-money buy rate
    expect(validateUsdtAddress(trc.address, trc.protocol).ok).toBe(true);
    const erc = (await suite.call(usdtDepositAddress, { merchantNo: 'USDT-ERC20-01' }, { token })).body.data;
    expect(validateUsdtAddress(erc.address, 'ERC20').ok).toBe(true);
    expect((await suite.call(usdtDepositAddress, { merchantNo: 'NOPE-1' }, { token })).body.code).toBe(CODE.merchantNotFound);
    expect((await suite.call(usdtDepositAddress, { merchantNo: '../x' }, { token })).status).toBe(400);
    const aurora = await suite.memberWithBalance(0, { siteId: 8 });
    expect((await suite.call(usdtDepositAddress, { merchantNo: 'USDT-TRC20-01' }, { token: aurora.token, siteId: 8 })).body.code).toBe(CODE.usdtNotSupported);
    expect((await suite.call(usdtDepositMerchants, {}, { token: aurora.token, siteId: 8 })).body.data).toEqual({ supportUsdt: false, list: [] });
  });
});
