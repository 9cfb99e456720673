import { defineCall } from '../call.js';
import { s } from '../schema.js';

/** A new image captcha, or the image of a registered one; the image is a data URL. */
export const captchaImage = defineCall({
  name: 'captchaImage',
  group: 'captcha',
  path: '/captcha/v1/image',
  style: 'query',
  auth: 'none',
  summary: 'A new image captcha (default captcha image), or new digits for a registered one',
  request: s.object({
    captchaId: s.optional(s.string({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'A live id from captchaRegister: its image is drawn (new digits)' })),
  }),
  response: s.object({
    captchaId: s.string(),
    image: s.string({ description: 'data:image/svg+xml;base64,...' }),
    expiresInS: s.integer(),
  }),
});

/** Checks an answer without using the captcha up; a wrong answer burns it. */
export const captchaCheck = defineCall({
  name: 'captchaCheck',
  group: 'captcha',
  path: '/captcha/v1/check',
  style: 'json',
  auth: 'none',
  summary: 'Check an image captcha answer',
  request: s.object({ captchaId: s.string({ minLength: 1, maxLength: 64 }), captchaCode: s.string({ minLength: 1, maxLength: 8 }) }),
  response: s.object({ valid: s.boolean() }),
});

/**
 * Registers an image captcha for a new session or device before its image is fetched: the
 * challenge id is issued now, the image comes from `captchaImage` with that id (each fetch
 * draws new digits for the same id, so an old image stops counting).
 */
export const captchaRegister = defineCall({
  name: 'captchaRegister',
  group: 'captcha',
  path: '/captcha/v1/register',
  style: 'json',
  auth: 'none',
  summary: 'Register an image captcha challenge (its id) before the image is fetched',
  request: s.empty(),
  response: s.object({
    captchaId: s.string(),
    expiresInS: s.integer(),
    required: s.boolean({ description: "Whether the brand asks for an image captcha (base config kaptchcate 1)" }),
  }),
});
