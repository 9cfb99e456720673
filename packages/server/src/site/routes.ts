import { LOGIN_CAPTCHA_KEYS, VENUE_KIND, loginCaptchaConfig, preInfo, preInfoV3, siteBaseConfig, venueTypeList } from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import type { RouteGroup } from '../http/route-group.js';
import type { Brand } from './brand-directory.js';

async function brandOf(app: FastifyInstance, siteId: number): Promise<Brand> {
  const brand = await app.lobby.brands.get(siteId);
  if (!brand) throw new BusinessError('invalidField', `x-site-id: unknown site ${siteId}`);
  return brand;
}

/**
 * Site calls: base config, pre-info (v1, v3), the login captcha config and the venues of
 * one type with their maintenance flag (from the venue provider, when the venue routes
 * serve one), per brand (x-site-id).
 */
export const siteRoutes: RouteGroup = (app) => {
  registerCall(app, venueTypeList, async ({ siteId, request }) => {
    const venues = (await brandOf(app, siteId)).config.venues[request.type]
      .map((venue) => ({ ...venue, venueKind: venue.venueKind ?? VENUE_KIND.venues }))
      .filter((venue) => request.kind === undefined || venue.venueKind === request.kind)
      .sort((a, b) => a.venueKind - b.venueKind); // core venues first, config order within a kind (a stable sort)
    const provider = app.hasDecorator('venueProvider') ? app.venueProvider : null;
    return Promise.all(venues.map(async (venue) => ({ ...venue, maintenance: provider ? await provider.inMaintenance(venue.code) : false })));
  });
  registerCall(app, siteBaseConfig, async ({ siteId }) => (await brandOf(app, siteId)).config);
  registerCall(app, preInfo, async ({ siteId }) => {
    const { config, phoneRules } = await brandOf(app, siteId);
    return { disablePhones: phoneRules.disablePhones, SiteBaseConfigVo: { customerService: config.customerService } };
  });
  registerCall(app, preInfoV3, async ({ siteId }) => {
    const { config, phoneRules } = await brandOf(app, siteId);
    return {
      disablePhones: phoneRules.disablePhones,
      SiteBaseConfigVo: { customerService: config.customerService },
      restrictedPrefixes: phoneRules.restrictedPrefixes,
      phoneMinLength: phoneRules.phoneMinLength,
      phoneMaxLength: phoneRules.phoneMaxLength,
    };
  });
  registerCall(app, loginCaptchaConfig, async ({ siteId, request }) => {
    const { loginCaptcha } = (await brandOf(app, siteId)).config;
    const wanted = new Set(request.keyCodes);
    return LOGIN_CAPTCHA_KEYS.filter((keyCode) => wanted.has(keyCode)).map((keyCode) => ({ keyCode, value: String(loginCaptcha[keyCode]) }));
  });
};
