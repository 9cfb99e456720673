import { captchaCheck, captchaImage, captchaRegister } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { okEnvelope } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import type { RouteGroup } from '../http/route-group.js';
import { SandboxCodeSender } from '../members/code-sender.js';
import { SandboxCaptcha } from './sandbox-captcha.js';

/**
 * The image captcha calls, and the sandbox test doors (only while the sandbox is on and
 * the sandbox providers are in use; exempt from signing, for browser tests):
 * GET /sandbox/captcha/:id answers a live challenge's digits, GET /sandbox/sms/:phone the
 * last code sent to a phone (area code included, e.g. %2B8613800000000).
 */
export const captchaRoutes: RouteGroup = (app) => {
  registerCall(app, captchaRegister, async ({ siteId, services }) => {
    // The challenge is made now (its digits hidden); its image comes from captchaImage with the id, drawn afresh.
    const challenge = await services.providers.captcha.create(siteId);
    const brand = await services.brands.get(siteId);
    return { captchaId: challenge.captchaId, expiresInS: Math.round((challenge.expiresAtMs - services.providers.clock.now()) / 1000), required: brand?.config.kaptchcate === 1 };
  });
  registerCall(app, captchaImage, async ({ siteId, services, request }) => {
    const { captcha } = services.providers;
    const challenge = request.captchaId === undefined ? await captcha.create(siteId) : await captcha.redraw(siteId, request.captchaId);
    if (!challenge) throw new BusinessError('captchaNotRegistered', `captchaId: no live captcha ${request.captchaId} on this site; register a new one`);
    const expiresInS = Math.round((challenge.expiresAtMs - services.providers.clock.now()) / 1000);
    return { captchaId: challenge.captchaId, image: challenge.image, expiresInS };
  });
  registerCall(app, captchaCheck, async ({ services, request }) => ({
    valid: await services.providers.captcha.verify(request.captchaId, request.captchaCode, { consume: false }),
  }));
  if (!app.lobby.config.sandbox) return;
  app.get('/sandbox/captcha/:id', async (request) => {
    const captcha = app.lobby.providers.captcha;
    const answer = captcha instanceof SandboxCaptcha ? await captcha.answerOf((request.params as { id: string }).id) : undefined;
    if (answer === undefined) throw new BusinessError('notFound', 'no live sandbox captcha with this id');
    return okEnvelope({ answer });
  });
  app.get('/sandbox/sms/:phone', async (request) => {
    const codes = app.lobby.providers.codes;
    const code = codes instanceof SandboxCodeSender ? codes.lastCode((request.params as { phone: string }).phone) : undefined;
    if (code === undefined) throw new BusinessError('notFound', 'no sandbox code sent to this phone');
    return okEnvelope({ code });
  });
};
