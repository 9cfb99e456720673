import { defineCall } from '../call.js';
import { MemberInfo } from '../entities.js';
import { s } from '../schema.js';

/** A client sends the 32-character lower-case MD5 hex of the password (spec section 5). */
export const PasswordHash = s.string({ pattern: '^[0-9a-f]{32}$', description: 'MD5 hex of the password' });

export const LoginRequest = s.object({
  name: s.string({ minLength: 4, maxLength: 16, pattern: '^[A-Za-z0-9_]+$' }),
  password: PasswordHash,
  flag: s.optional(s.literal(1)),
  version: s.optional(s.literal(1)),
  captchaId: s.optional(s.string({ maxLength: 64 })),
  captchaCode: s.optional(s.string({ maxLength: 8 })),
});

export const LoginResponse = s.object({ token: s.string(), member: MemberInfo });

/** Log in with name and hashed password; answers a session token and the member. */
export const webLogin = defineCall({
  name: 'webLogin',
  group: 'member',
  path: '/member/v1/web_login',
  style: 'json',
  auth: 'none',
  summary: 'Log in with name and password (spec section 7, clear path)',
  request: LoginRequest,
  response: LoginResponse,
});
