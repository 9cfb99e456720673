import { describe, expect, it } from 'vitest';
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
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import type { SandboxCodeSender } from '../members/code-sender.js';

describe.each(testEngines())('site content on %s', (engine) => {
  const suite = serverSuite(engine);

  it('answers each brand its own banners, notices, cards and navigation', async () => {
    const lobby = (await suite.call(bannerList, {})).body.data;
    const aurora = (await suite.call(bannerList, {}, { siteId: 8 })).body.data;
    expect(lobby.length).toBeGreaterThan(0);
    expect(aurora.map((banner) => banner.id)).not.toEqual(lobby.map((banner) => banner.id));
    const v2 = (await suite.call(bannerListV2, {}, { siteId: 8 })).body.data;
    expect(v2).toEqual({ list: aurora, intervalMs: 5000 });
    expect((await suite.call(domainNotices, {})).body.data[0]!.content.en).toMatch(/Lottery/);
    const cards = (await suite.call(categoryCards, {})).body.data;
    expect(cards.map((card) => card.kind)).toEqual(['sports', 'live', 'lottery', 'fish', 'electronic']);
    const navigation = (await suite.call(navigationList, {}, { siteId: 8 })).body.data;
    expect(navigation.map((item) => item.code)).toEqual(['sport', 'activity']);
    expect((await suite.call(helpCategories, {})).body.data[0]!.items.length).toBe(2);
    expect((await suite.call(languageWhitelist, {})).body.data).toEqual({ default: 'zh-CN', list: ['zh-CN', 'en'] });
    expect((await suite.call(anchorGameImages, {})).body.data[0]).toMatch(/^data:image\/svg\+xml/);
  });

  it('joins the base config customer service with the content list', async () => {
    expect((await suite.call(customerServiceUrls, {}, { siteId: 8 })).body.data).toEqual([
      { code: 'online', url: '/cs' },
      { code: 'chat', url: '/cschat' },
    ]);
  });

  it('lists only published sponsors; the preview shows drafts; unknown ones are refused', async () => {
    const list = (await suite.call(sponsorList, {})).body.data;
    expect(list.map((sponsor) => sponsor.slug)).toEqual(['sponsor-fc']);
    expect(list[0]).not.toHaveProperty('body');
    expect((await suite.call(sponsorDetail, { slug: 'sponsor-fc' })).body.data.body.en).toMatch(/official/);
    const draft = await suite.call(sponsorDetail, { sponsorId: 2 });
    expect(draft.body).toMatchObject({ code: CODE.sponsorNotFound, msg: 'no sponsor 2' });
    expect((await suite.call(sponsorPreview, { sponsorId: 2 })).body.data.published).toBe(false);
    expect((await suite.call(sponsorDetail, {})).status).toBe(400);
    expect((await suite.call(sponsorPreview, { sponsorId: 11 })).body.code).toBe(CODE.sponsorNotFound);
  });

  it('resets a forgotten password with the phone code, and refuses a wrong phone or code', async () => {
    const name = `fp${engine.name.slice(0, 4)}${Date.now() % 100000}`;
    const phone = '13800138' + String(Date.now() % 1000).padStart(3, '0');
    const registered = await suite.call(registerV4, { name, password: md5Hex('old-pass-1'), areaCode: '+86', phone }, { remoteAddress: '10.9.0.1' });
    expect(registered.body.code).toBe(0);
    const wrongPhone = await suite.call(forgetLoginPassword, { name, phone: '13900000000', code: '123456', password: md5Hex('new-pass-1') });
    expect(wrongPhone.body.code).toBe(CODE.phoneNotBound);
    expect((await suite.call(sendPhoneCode, { phone, areaCode: '+86', type: 3 })).body.code).toBe(0);
    const code = (suite.app.lobby.providers.codes as SandboxCodeSender).lastCode(`+86${phone}`)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await suite.call(forgetLoginPassword, { name, phone, code: wrongCode, password: md5Hex('new-pass-1') })).body.code).toBe(CODE.codeWrong);
    expect((await suite.call(forgetLoginPassword, { name, phone, code, password: md5Hex('new-pass-1') })).body.code).toBe(0);
    expect((await suite.call(webLogin, { name, password: md5Hex('old-pass-1') })).body.code).toBe(CODE.passwordWrong);
    expect((await suite.call(webLogin, { name, password: md5Hex('new-pass-1') })).body.code).toBe(0);
    const oldSession = await suite.call(userInfo, {}, { token: registered.body.data.token });
    expect(oldSession.body.code).toBe(CODE.tokenInvalid);
  });

  it('sets the maintenance window and skin through the sandbox door, and refuses bad input', async () => {
    const window = { start: Date.now() - 1000, end: Date.now() + 60_000 };
    const set = await suite.app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { maintenance: window, skin: 'world_cup_skin', skinId: 6 } });
    expect(set.json().msg).toBe('ok');
    expect(set.json()).toMatchObject({ code: 0, data: { maintenance: window, skin: 'world_cup_skin', skinId: 6 } });
    expect((await suite.call(siteBaseConfig, {}, { siteId: 8 })).body.data).toMatchObject({ maintenance: window, skinId: 6 });
    const bad = await suite.app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { maintenance: { start: 5, end: 1 } } });
    expect(bad.json()).toMatchObject({ code: CODE.invalidField });
    const unknown = await suite.app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { title: 'x' } });
    expect(unknown.json().msg).toMatch(/title/);
    await suite.app.inject({ method: 'POST', url: '/sandbox/site/8', payload: { maintenance: null, skin: 'spring_skin', skinId: 5 } });
    expect((await suite.call(siteBaseConfig, {}, { siteId: 8 })).body.data.maintenance).toBeNull();
  });
});
