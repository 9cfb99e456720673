import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, cancelNormalOrder, depositPay, speedToCardConfig, usdtDepositAddress, usdtDepositMerchants, validateUsdtAddress } from '@lobby/sdk';
import type { Database } from '../../db/database.js';
import { buildTestApp } from '../../testing/app.js';
import { callApi } from '../../testing/client.js';
import { testEngines } from '../../testing/databases.js';
import { keyed, orderMember } from '../../testing/orders.js';

describe.each(testEngines())('speed-to-card config and USDT deposit address on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers every speed-to-card config field and counts the speed orders left today', async () => {
    const { token } = await orderMember(db, 0);
    const config = (await callApi(app, speedToCardConfig, {}, { token })).body.data;
    expect(config).toEqual({ bankMaintain: false, payConfirmTime: 15, payCount: 5, payDiscountLimit: 88, payNameType: 1, payRewardRate: 0.5, whitelist: false });
    const order = await keyed(app, depositPay, { payTypeId: '912', amount: 300 }, token);
    expect(order.body.code).toBe(0);
    expect((await callApi(app, speedToCardConfig, {}, { token })).body.data.payCount).toBe(4);
    await keyed(app, cancelNormalOrder, { billNo: order.body.data.billNo }, token);
    expect((await callApi(app, speedToCardConfig, {}, { token })).body.data.payCount).toBe(4);
    expect((await callApi(app, speedToCardConfig, {})).status).toBe(401);
  });

  it('answers the USDT deposit address of a merchant, valid for its protocol, and refuses an unknown merchant or a site without USDT', async () => {
    const { token } = await orderMember(db, 0);
    const merchants = (await callApi(app, usdtDepositMerchants, {}, { token })).body.data;
    expect(merchants).toEqual({ supportUsdt: true, list: [{ merchantNo: 'USDT-TRC20-01', protocol: 'TRC20', minAmount: 10 }, { merchantNo: 'USDT-ERC20-01', protocol: 'ERC20', minAmount: 20 }] });
    const trc = (await callApi(app, usdtDepositAddress, { merchantNo: 'USDT-TRC20-01' }, { token })).body.data;
    expect(trc).toMatchObject({ merchantNo: 'USDT-TRC20-01', protocol: 'TRC20', exchangeRate: 7.15, minAmount: 10 }); // route 'rmb' credits at the change-money buy rate
    expect(validateUsdtAddress(trc.address, trc.protocol).ok).toBe(true);
    const erc = (await callApi(app, usdtDepositAddress, { merchantNo: 'USDT-ERC20-01' }, { token })).body.data;
    expect(validateUsdtAddress(erc.address, 'ERC20').ok).toBe(true);
    expect((await callApi(app, usdtDepositAddress, { merchantNo: 'NOPE-1' }, { token })).body.code).toBe(CODE.merchantNotFound);
    expect((await callApi(app, usdtDepositAddress, { merchantNo: '../x' }, { token })).status).toBe(400);
    const aurora = await orderMember(db, 0, 8);
    expect((await callApi(app, usdtDepositAddress, { merchantNo: 'USDT-TRC20-01' }, { token: aurora.token, siteId: 8 })).body.code).toBe(CODE.usdtNotSupported);
    expect((await callApi(app, usdtDepositMerchants, {}, { token: aurora.token, siteId: 8 })).body.data).toEqual({ supportUsdt: false, list: [] });
  });
});
