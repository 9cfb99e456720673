import { describe, expect, it } from 'vitest';
import { SIGN_WINDOW_MS, staticAfc, staticAgentContact, staticCodeUrl, staticLkshopConf, staticNoticeList, staticShowCode } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('the /static/v1 calls on %s', (engine) => {
  const suite = serverSuite(engine);

  it('serve each brand its own captcha display, anti-fraud rules, service QR addresses and notices from its config and content', async () => {
    expect((await suite.call(staticShowCode, {})).body.data).toEqual({
      kaptchcate: 1, loginImageCode: 'afterFailures', loginVerifyTriggerTimes: 3, registerImageCode: false, afsType: 0, anjiType: 0,
    });
    expect((await suite.call(staticAfc, {})).body.data).toMatchObject({ signWindowMs: SIGN_WINDOW_MS, nonceSingleUse: true, loginCaptchaAfterFailures: 3, hardVerify: false });
    expect((await suite.call(staticCodeUrl, {})).body.data).toEqual({
      primary: { code: 'online', url: '/cs' },
      list: [{ code: 'online', url: '/cs' }, { code: 'telegram', url: 'https://t.me/lobby_support_demo' }],
    });
    expect((await suite.call(staticCodeUrl, {}, { siteId: 8 })).body.data.list).toEqual([{ code: 'online', url: '/cs' }]);
    const notices = (await suite.call(staticNoticeList, {}, { siteId: 8 })).body.data.list;
    expect(notices).toEqual([{ id: 11, content: { zh: '极光新春活动火热进行中。', en: 'The Aurora spring festival is on.' } }]);
  });

  it('follows a brand whose captcha is off: no image code anywhere', async () => {
    await suite.db.query(`UPDATE sites SET config = jsonb_set(config, '{kaptchcate}', '0') WHERE site_id = 8`);
    suite.app.lobby.brands.invalidate();
    expect((await suite.call(staticShowCode, {}, { siteId: 8 })).body.data).toMatchObject({ kaptchcate: 0, loginImageCode: 'never', registerImageCode: false });
  });

  it('answers the points shop and the agent desk per brand, and a shop that is off for a brand without one', async () => {
    expect((await suite.call(staticLkshopConf, {})).body.data).toEqual({
      enabled: true, pointsName: { zh: '乐博积分', en: 'Lobby points' }, turnoverMinorPerPoint: 100_00, redeemMinPoints: 100, shopPath: '/app/vip',
    });
    expect((await suite.call(staticLkshopConf, {}, { siteId: 8 })).body.data).toMatchObject({ enabled: false, shopPath: '' });
    const contacts = (await suite.call(staticAgentContact, {})).body.data.list;
    expect(contacts.map((contact) => contact.channel)).toEqual(['telegram', 'qq', 'email', 'online']);
    expect(contacts[0]).toEqual({ channel: 'telegram', label: { zh: '代理专线 Telegram', en: 'Agent desk on Telegram' }, value: '@lobby_agent_demo', url: 'https://t.me/lobby_agent_demo' });
    await suite.db.query('DELETE FROM site_static_info WHERE site_id = 8');
    expect((await suite.call(staticAgentContact, {}, { siteId: 8 })).body.data.list).toEqual([]);
    expect((await suite.call(staticLkshopConf, {}, { siteId: 8 })).body.data.enabled).toBe(false);
  });

  it('are served at exactly /static/v1/<name>, to visitors, by GET', async () => {
    const paths = [staticShowCode, staticAfc, staticCodeUrl, staticNoticeList, staticLkshopConf, staticAgentContact].map((call) => `${call.method} ${call.path}`);
    expect(paths).toEqual([
      'GET /static/v1/show_code', 'GET /static/v1/afc', 'GET /static/v1/code_url', 'GET /static/v1/notice_list', 'GET /static/v1/get_lkshop_conf', 'GET /static/v1/agent/contact',
    ]);
    const answer = await suite.app.inject({ method: 'GET', url: '/static/v1/agent/contact' });
    expect(answer.statusCode).not.toBe(404);
  });
});
