import { defineCall } from '../call.js';
import { s } from '../schema.js';

/** A new image captcha; the image is a data URL. */
export const captchaImage = defineCall({
  name: 'captchaImage',
  group: 'captcha',
  path: '/captcha/v1/image',
  style: 'query',
  auth: 'none',
  summary: 'A new image captcha (default captcha image)',
  request: s.empty(),
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
