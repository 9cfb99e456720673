import {
  anchorGameImages,
  bannerList,
  bannerListV2,
  categoryCards,
  customerServiceUrls,
  domainNotices,
  helpCategories,
  languageWhitelist,
  leavePayConfig,
  navigationList,
  sponsorDetail,
  sponsorList,
  sponsorPreview,
} from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import type { RouteGroup } from '../http/route-group.js';
import { contentOf, requireSponsor } from './content-repository.js';
import { registerForgetPassword } from './forget-password.js';
import { registerForgetPasswordEmail } from './forget-password-email.js';
import { registerSiteSandboxDoor } from './sandbox-door.js';

async function baseConfigOf(app: FastifyInstance, siteId: number) {
  const brand = await app.lobby.brands.get(siteId);
  if (!brand) throw new BusinessError('invalidField', `x-site-id: unknown site ${siteId}`);
  return brand.config;
}

/**
 * Content calls of the home page and the frame, per brand (x-site-id), the forgotten
 * password by phone and by email, the leave-pay-window config, and the sandbox door that sets a brand's maintenance window or skin.
 */
export const contentRoutes: RouteGroup = (app) => {
  registerCall(app, bannerList, async ({ db, siteId }) => (await contentOf(db, siteId)).banners);
  registerCall(app, bannerListV2, async ({ db, siteId }) => {
    const content = await contentOf(db, siteId);
    return { list: content.banners, intervalMs: content.bannerIntervalMs };
  });
  registerCall(app, domainNotices, async ({ db, siteId }) => (await contentOf(db, siteId)).notices);
  registerCall(app, sponsorList, async ({ db, siteId }) =>
    (await contentOf(db, siteId)).sponsors.filter((sponsor) => sponsor.published).map(({ body: _body, published: _published, ...sponsor }) => sponsor),
  );
  registerCall(app, sponsorDetail, async ({ db, siteId, request }) => {
    if (request.sponsorId === undefined && request.slug === undefined) throw new BusinessError('invalidField', 'sponsorId or slug: one is required');
    const { sponsors } = await contentOf(db, siteId);
    const found = sponsors.find((sponsor) => sponsor.published && (sponsor.id === request.sponsorId || sponsor.slug === request.slug));
    return requireSponsor(found, String(request.sponsorId ?? request.slug));
  });
  registerCall(app, sponsorPreview, async ({ db, siteId, request }) => {
    const { sponsors } = await contentOf(db, siteId);
    return requireSponsor(
      sponsors.find((sponsor) => sponsor.id === request.sponsorId),
      String(request.sponsorId),
    );
  });
  registerCall(app, navigationList, async ({ db, siteId }) => (await contentOf(db, siteId)).navigation);
  registerCall(app, customerServiceUrls, async ({ db, siteId }) => {
    const config = await baseConfigOf(app, siteId);
    return [...config.customerService, ...(await contentOf(db, siteId)).customerService];
  });
  registerCall(app, categoryCards, async ({ db, siteId }) => (await contentOf(db, siteId)).categoryCards);
  registerCall(app, helpCategories, async ({ db, siteId }) => (await contentOf(db, siteId)).help);
  registerCall(app, languageWhitelist, async ({ siteId }) => (await baseConfigOf(app, siteId)).language);
  registerCall(app, anchorGameImages, async ({ db, siteId }) => (await contentOf(db, siteId)).anchorGameImages);
  registerCall(app, leavePayConfig, async ({ db, siteId }) => ({ status: (await contentOf(db, siteId)).leavePayStatus === 1 ? 1 : 0 }));
  registerForgetPassword(app);
  registerForgetPasswordEmail(app);
  registerSiteSandboxDoor(app);
};
