import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  CODE,
  bannerList,
  bannerListV2,
  categoryCards,
  customerServiceUrls,
  domainNotices,
  forgetLoginPassword,
  helpCategories,
  languageWhitelist,
  md5Hex,
  navigationList,
  registerV4,
  sendPhoneCode,
  siteBaseConfig,
  sponsorDetail,
  sponsorList,
  sponsorPreview,
  webLogin,
  anchorGameImages,
  userInfo,
} from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { testEngines } from '../testing/databases.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import type { SandboxCodeSender } from '../members/code-sender.js';

describe.each(testEngines())('site content on %s', (engine) => {
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

  it('answers each brand its own banners, notices, cards and navigation', async () => {
    const lobby = (await callApi(app, bannerList, {})).body.data;
    const aurora = (await callApi(app, bannerList, {}, { siteId: 8 })).body.data;
    expect(lobby.length).toBeGreaterThan(0);
    expect(aurora.map((banner) => banner.id)).not.toEqual(lobby.map((banner) => banner.id));
    const v2 = (await callApi(app, bannerListV2, {}, { siteId: 8 })).body.data;
    expect(v2).toEqual({ list: aurora, intervalMs: 5000 });
    expect((await callApi(app, domainNotices, {})).body.data[0]!.content.en).toMatch(/Lottery/);
    const cards = (await callApi(app, categoryCards, {})).body.data;
    expect(cards.map((card) => card.kind)).toEqual(['sports', 'live', 'lottery', 'fish', 'electronic']);
    const navigation = (await callApi(app, navigationList, {}, { siteId: 8 })).body.data;
    expect(navigation.map((item) => item.code)).toEqual(['sport', 'activity']);
    expect((await callApi(app, helpCategories, {})).body.data[0]!.items.length).toBe(2);
    expect((await callApi(app, languageWhitelist, {})).body.data).toEqual({ default: 'zh-CN', list: ['zh-CN', 'en'] });
    expect((await callApi(app, anchorGameImages, {})).body.data[0]).toMatch(/^data:image\/svg\+xml/);
  });

  it('joins the base config customer service with the content list', async () => {
    expect((await callApi(app, customerServiceUrls, {}, { siteId: 8 })).body.data).toEqual([
      { code: 'online', url: '/cs' },
      { code: 'chat', url: '/cschat' },
    ]);
  });

  it('lists only published sponsors; the preview shows drafts; unknown ones are refused', async () => {
    const list = (await callApi(app, sponsorList, {})).body.data;
    expect(list.map((sponsor) => sponsor.slug)).toEqual(['sponsor-fc']);
    expect(list[0]).not.toHaveProperty('body');
    expect((await callApi(app, sponsorDetail, { slug: 'sponsor-fc' })).body.data.body.en).toMatch(/official/);
    const draft = await callApi(app, sponsorDetail, { sponsorId: 2 });
    expect(draft.body).toMatchObject({ code: CODE.sponsorNotFound, msg: 'no sponsor 2' });
    expect((await callApi(app, sponsorPreview, { sponsorId: 2 })).body.data.published).toBe(false);
    expect((await callApi(app, sponsorDetail, {})).status).toBe(400);
    expect((await callApi(app, sponsorPreview, { sponsorId: 11 })).body.code).toBe(CODE.sponsorNotFound);
  });

  it('resets a forgotten password with the phone code, and refuses a wrong phone or code', async () => {
    const name = `fp${engine.name.slice(0, 4)}${Date.now() % 100000}`;
    const phone = '13800138' + String(Date.now() % 1000).padStart(3, '0');
    const registered = await callApi(app, registerV4, { name, password: md5Hex('old-pass-1'), areaCode: '+86', phone }, { remoteAddress: '10.9.0.1' });
    expect(registered.body.code).toBe(0);
    const wrongPhone = await callApi(app, forgetLoginPassword, { name, phone: '13900000000', code: '123456', password: md5Hex('new-pass-1') });
    expect(wrongPhone.body.code).toBe(CODE.phoneNotBound);
    expect((await callApi(app, sendPhoneCode, { phone, areaCode: '+86', type: 3 })).body.code).toBe(0);
    const code = (app.lobby.providers.codes as SandboxCodeSender).lastCode(`+86${phone}`)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await callApi(app, forgetLoginPassword, { name, phone, code: wrongCode, password: md5Hex('new-pass-1') })).body.code).toBe(CODE.codeWrong);
    expect((await callApi(app, forgetLoginPassword, { name, phone, code, password: md5Hex('new-pass-1') })).body.code).toBe(0);
    expect((await callApi(app, webLogin, { name, password: md5Hex('old-pass-1') })).body.code).toBe(CODE.passwordWrong);
    expect((await callApi(app, webLogin, { name, password: md5Hex('new-pass-1') })).body.code).toBe(0);
    const oldSession = await callApi(app, userInfo, {}, { token: registered.body.data.token });
    expect(oldSession.body.code).toBe(CODE.tokenInvalid);
  });

  it('sets the maintenance window and skin through the sandbox door, and refuses bad input', async () => {
    const window = { start: Date.now() - 1000, end: Date.now() + 60_000 };
    const set = await app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { maintenance: window, skin: 'world_cup_skin', skinId: 6 } });
    expect(set.json().msg).toBe('ok');
    expect(set.json()).toMatchObject({ code: 0, data: { maintenance: window, skin: 'world_cup_skin', skinId: 6 } });
    expect((await callApi(app, siteBaseConfig, {}, { siteId: 8 })).body.data).toMatchObject({ maintenance: window, skinId: 6 });
    const bad = await app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { maintenance: { start: 5, end: 1 } } });
    expect(bad.json()).toMatchObject({ code: CODE.invalidField });
    const unknown = await app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { title: 'x' } });
    expect(unknown.json().msg).toMatch(/title/);
    await app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { maintenance: null, skin: 'spring_skin', skinId: 5 } });
    expect((await callApi(app, siteBaseConfig, {}, { siteId: 8 })).body.data.maintenance).toBeNull();
  });
});
