import type { FastifyInstance } from 'fastify';
import {
  AVATAR_IMAGE_PATH,
  CODE,
  SHORT_LINK_PATH,
  dontShowAnymore,
  freeCall,
  opsFreeCallHandle,
  opsFreeCallList,
  opsSpecialNoticePublish,
  returnLinkUrl,
  shortLinkCheck,
  specialNotice,
} from '@lobby/sdk';
import { BusinessError, errorEnvelope } from '../http/errors.js';
import { sendStoredImage } from '../http/uploads.js';
import { registerCall } from '../http/register-call.js';
import { operatorOf } from '../operator/operator-auth.js';
import { brandHome, ownUrlOf, shortLinkTarget } from './brand-urls.js';
import { AVATAR_TOKEN, findAvatarImage } from './avatars.js';
import { handleFreeCall, listFreeCalls, requestFreeCall } from './free-call.js';
import { memberRoutes } from './member-routes.js';
import { currentNotice, dismissNotice, publishNotice } from './special-notice.js';

const TOKEN = /^[A-Za-z0-9_-]{8}$/;

/** Common calls and the remaining member calls of spec section 7 (issue 21; docs/MEMBER-CALLS.md). */
export function commonRoutes(app: FastifyInstance): void {
  const now = () => app.lobby.providers.clock.now();

  registerCall(app, freeCall, async ({ db, siteId, member, ip, request, services }) => {
    const input = { siteId, areaCode: request.areaCode ?? '+86', phone: request.phone, note: request.note ?? '', memberId: member?.id ?? null, ip };
    const stored = await requestFreeCall(db, await services.brands.get(siteId), input, now());
    return { id: stored.id, status: stored.status, createdAt: stored.createdAt };
  });
  registerCall(app, opsFreeCallList, async ({ db, request }) => ({ list: await listFreeCalls(db, request) }));
  registerCall(app, opsFreeCallHandle, async ({ db, request, raw }) => handleFreeCall(db, request.id, operatorOf(raw).name, now()));

  registerCall(app, specialNotice, async ({ db, siteId, member }) => ({ notice: await currentNotice(db, siteId, member?.id ?? null, now()) }));
  registerCall(app, dontShowAnymore, async ({ db, siteId, requireMember, request }) => {
    await dismissNotice(db, siteId, requireMember().id, request.noticeId, now());
    return { dismissed: true };
  });
  registerCall(app, opsSpecialNoticePublish, async ({ db, request, raw, services }) => {
    if (!(await services.brands.has(request.siteId))) throw new BusinessError('invalidField', `siteId: no brand ${request.siteId}`);
    return publishNotice(db, request, operatorOf(raw).name);
  });

  registerCall(app, returnLinkUrl, async ({ siteId, request, services }) => {
    const brand = await services.brands.get(siteId);
    const home = brandHome(brand);
    if (request.returnUrl === undefined) return { url: home, home };
    const url = ownUrlOf(brand, request.returnUrl);
    if (!url) throw new BusinessError('returnLinkForeign', "returnUrl: an http(s) URL on one of the brand's domains");
    return { url, home };
  });

  registerCall(app, shortLinkCheck, async ({ db, siteId, request, services }) => ({
    url: await shortLinkTarget(db, await services.brands.get(siteId), request.token),
  }));
  // A browser opens a short link: redirect to its target, on the brand of the host it came to.
  app.get(`${SHORT_LINK_PATH}:token`, async (request, reply) => {
    const { token } = request.params as { token: string };
    const brand = await app.lobby.brands.forHost(request.hostname.replace(/:\d+$/, ''));
    try {
      if (!TOKEN.test(token)) throw new BusinessError('notFound', 'no such short link');
      return reply.redirect(await shortLinkTarget(app.lobby.db, brand, token), 302);
    } catch (error) {
      if (error instanceof BusinessError) return reply.code(404).send(errorEnvelope(CODE.notFound, 'no such short link'));
      throw error;
    }
  });

  // Avatars are reached by their unguessable URL only (an <img> cannot sign a request).
  app.get(`${AVATAR_IMAGE_PATH}:token`, async (request, reply) => {
    const { token } = request.params as { token: string };
    const image = AVATAR_TOKEN.test(token) ? await findAvatarImage(app.lobby.db, token) : undefined;
    if (!image) return reply.code(404).send(errorEnvelope(CODE.notFound, 'no such avatar'));
    return sendStoredImage(reply, image);
  });

  memberRoutes(app);
}
