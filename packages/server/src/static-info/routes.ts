import type { FastifyInstance } from 'fastify';
import {
  SIGN_WINDOW_MS, staticAfc, staticAgentContact, staticCodeUrl, staticLeaguesInfo, staticLkshopConf, staticNoticeList, staticShowCode,
  type ShowCode, type SiteBaseConfig,
} from '@lobby/sdk';
import { contentOf } from '../content/content-repository.js';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import { leaguesInfo } from '../news/fixture-reads.js';
import { staticInfoOf } from './static-info-repository.js';

/**
 * The /static/v1 calls (spec section 7; issue 19; docs/NEWS.md "Static calls"): public reads
 * of the brand from its base config, its content and static info documents and the sports store.
 */
export function staticInfoRoutes(app: FastifyInstance): void {
  const configOf = async (siteId: number): Promise<SiteBaseConfig> => {
    const brand = await app.lobby.brands.get(siteId);
    if (!brand) throw new BusinessError('invalidField', `x-site-id: unknown site ${siteId}`);
    return brand.config;
  };

  registerCall(app, staticShowCode, async ({ siteId }): Promise<ShowCode> => {
    const { kaptchcate, loginCaptcha } = await configOf(siteId);
    const trigger = loginCaptcha.login_verify_trigger_times;
    return {
      kaptchcate,
      loginImageCode: kaptchcate === 0 ? 'never' : trigger === 0 ? 'always' : 'afterFailures',
      loginVerifyTriggerTimes: trigger,
      registerImageCode: kaptchcate !== 0 && loginCaptcha.fast_register_verify,
      afsType: loginCaptcha.control_imgcode_afs_type,
      anjiType: loginCaptcha.control_imgcode_anji_type,
    };
  });

  registerCall(app, staticLeaguesInfo, async ({ db, request }) => ({ leagues: await leaguesInfo(db, request.kind) }));

  registerCall(app, staticAfc, async ({ siteId }) => {
    const { hardVerify, loginCaptcha } = await configOf(siteId);
    return {
      signWindowMs: SIGN_WINDOW_MS,
      nonceSingleUse: true,
      deviceIdRequired: true,
      loginCaptchaAfterFailures: loginCaptcha.login_verify_trigger_times,
      hardVerify,
      robotCheck: { afsType: loginCaptcha.control_imgcode_afs_type, anjiType: loginCaptcha.control_imgcode_anji_type },
      moneyCallsNeedIdempotencyKey: true,
    };
  });

  registerCall(app, staticCodeUrl, async ({ siteId }) => {
    const list = (await configOf(siteId)).customerService.map(({ code, url }) => ({ code, url }));
    return { primary: list[0] ?? null, list };
  });

  registerCall(app, staticNoticeList, async ({ db, siteId }) => ({ list: (await contentOf(db, siteId)).notices }));

  registerCall(app, staticLkshopConf, async ({ db, siteId }) => (await staticInfoOf(db, siteId)).lkshop);

  registerCall(app, staticAgentContact, async ({ db, siteId }) => ({ list: (await staticInfoOf(db, siteId)).agentContacts }));
}
