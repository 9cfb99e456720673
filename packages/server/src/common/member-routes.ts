import type { FastifyInstance } from 'fastify';
import {
  SHORT_LINK_PATH,
  avatarChoose,
  avatarUpload,
  checkChangePassword,
  checkDesire,
  desireV2,
  geeTestRegister,
  geeTestValidate,
  limitBinding,
  loginSms,
  loginSmsSend,
  memberMaterial,
  memberMoveApply,
  memberMoveStatus,
  opsForcePasswordChange,
  opsMemberMoveDecide,
  opsMemberMoveList,
  securityNoticeDismiss,
  securityNoticeGet,
  shortUrl,
  userDefaultProfile,
} from '@lobby/sdk';
import { BusinessError, okEnvelope } from '../http/errors.js';
import { hitRate } from '../http/rate-limit.js';
import { registerCall } from '../http/register-call.js';
import { findMemberById, findMemberByName } from '../members/member-repository.js';
import { operatorOf } from '../operator/operator-auth.js';
import { readAvatarUpload } from './avatar-image.js';
import { DEFAULT_PROFILE, chooseDefaultAvatar, materialOf, storeUploadedAvatar } from './avatars.js';
import { SHORT_LINKS_PER_HOUR, brandOrigins, ownUrlOf, shortLinkOf } from './brand-urls.js';
import { geeTestOf } from './geetest.js';
import { loginBySms, sendLoginCode } from './login-sms.js';
import { applyMove, decideMove, latestMove, listMoves } from './member-move.js';
import { bindingsOf, desireOf, flagPasswordChange, passwordCheckOf, saveDesire } from './member-prefs.js';
import { dismissSecurityNotices, openSecurityNotices } from './security-notices.js';
import { cleanText } from './text.js';

const HOUR_MS = 3_600_000;
/** A member may upload this many avatars an hour. */
export const AVATAR_UPLOADS_PER_HOUR = 10;

/** The remaining member calls of spec section 7 (docs/MEMBER-CALLS.md). */
export function memberRoutes(app: FastifyInstance): void {
  const now = () => app.lobby.providers.clock.now();

  registerCall(app, loginSmsSend, (ctx) => sendLoginCode(ctx));
  registerCall(app, loginSms, (ctx) => loginBySms(ctx));

  registerCall(app, checkDesire, async ({ db, requireMember }) => desireOf(db, requireMember().id));
  registerCall(app, desireV2, async ({ db, requireMember, request }) => saveDesire(db, requireMember().id, request, now()));

  registerCall(app, userDefaultProfile, async () => DEFAULT_PROFILE);
  registerCall(app, avatarChoose, async ({ db, requireMember, request }) => ({ avatar: await chooseDefaultAvatar(db, requireMember().id, request.avatarId, now()) }));
  registerCall(app, avatarUpload, async ({ db, raw, requireMember }) => {
    const memberId = requireMember().id;
    if ((await hitRate(db, { key: `avatar-upload:${memberId}`, windowMs: HOUR_MS }, now())) > AVATAR_UPLOADS_PER_HOUR) {
      throw new BusinessError('tooManyRequests', `at most ${AVATAR_UPLOADS_PER_HOUR} avatars an hour`);
    }
    const image = await readAvatarUpload(raw);
    const avatar = await db.transaction((tx) => storeUploadedAvatar(tx, memberId, image, now()));
    return { avatar, mediaType: image.mediaType, width: image.width, height: image.height };
  });
  registerCall(app, memberMaterial, async ({ db, requireMember }) => materialOf(db, requireMember().id));

  registerCall(app, limitBinding, async ({ db, requireMember }) => bindingsOf(db, requireMember().id));

  registerCall(app, shortUrl, async ({ db, siteId, requireMember, request, services }) => {
    const memberId = requireMember().id;
    const brand = await services.brands.get(siteId);
    const url = ownUrlOf(brand, request.url);
    if (!url) throw new BusinessError('shortLinkForeign', "url: an http(s) URL on one of the brand's domains");
    if ((await hitRate(db, { key: `short-url:${memberId}`, windowMs: HOUR_MS }, now())) > SHORT_LINKS_PER_HOUR) {
      throw new BusinessError('tooManyRequests', `at most ${SHORT_LINKS_PER_HOUR} short links an hour`);
    }
    const token = await shortLinkOf(db, siteId, memberId, url, now());
    const origin = brandOrigins(brand)[0] ?? '';
    return { token, shortUrl: `${origin}${SHORT_LINK_PATH}${token}`, url };
  });

  registerCall(app, securityNoticeGet, async ({ db, requireMember }) => ({ list: await openSecurityNotices(db, requireMember().id) }));
  registerCall(app, securityNoticeDismiss, async ({ db, requireMember, request }) => ({
    dismissed: await dismissSecurityNotices(db, requireMember().id, request.id, now()),
  }));

  registerCall(app, checkChangePassword, async ({ db, requireMember }) => passwordCheckOf(db, requireMember().id, now()));
  registerCall(app, opsForcePasswordChange, async ({ db, request }) => {
    const member = await findMemberByName(db, request.siteId, request.memberName);
    if (!member) throw new BusinessError('notFound', `no member ${request.memberName} on site ${request.siteId}`);
    await flagPasswordChange(db, member.id);
    return { mustChange: true };
  });

  registerCall(app, memberMoveApply, async ({ db, requireMember, request, services }) => {
    const member = (await findMemberById(db, requireMember().id))!;
    const known = await services.brands.has(request.toSiteId);
    return applyMove(db, member, request.toSiteId, request.reason ?? '', known, now());
  });
  registerCall(app, memberMoveStatus, async ({ db, requireMember }) => ({ move: await latestMove(db, requireMember().id) }));
  registerCall(app, opsMemberMoveList, async ({ db, request }) => ({ list: await listMoves(db, request.pendingOnly ?? false) }));
  registerCall(app, opsMemberMoveDecide, async ({ db, request, raw, services }) => {
    const note = cleanText(request.note ?? '', 0, 200);
    if (note === undefined) throw new BusinessError('invalidField', 'note: at most 200 characters, no control characters');
    const decided = await decideMove(db, request.id, request.approve, note, operatorOf(raw).name, now());
    services.brands.invalidate();
    return decided;
  });


  const geeTest = geeTestOf(app);
  registerCall(app, geeTestRegister, async ({ siteId }) => geeTest.register(siteId));
  registerCall(app, geeTestValidate, async ({ siteId, request }) => {
    if (!(await geeTest.validate(siteId, request.challenge, request.validate, request.seccode))) {
      throw new BusinessError('geeTestFailed', 'the slider check failed; register a new challenge');
    }
    return { valid: true, ...(await geeTest.issuePass(siteId)) };
  });
  if (!app.lobby.config.sandbox) return;
  app.get('/sandbox/geetest/:challenge', async (request) => {
    const solution = await geeTest.solutionOf((request.params as { challenge: string }).challenge);
    if (!solution) throw new BusinessError('notFound', 'no live sandbox gee-test challenge with this id');
    return okEnvelope(solution);
  });
}
