import {
  activate,
  checkNameV1,
  checkNameV2,
  checkNameV3,
  loginV3,
  loginV4,
  loginV4Device,
  loginV5,
  registerMember,
  registerV4,
  sleepCheck,
  webLogin,
} from '@lobby/sdk';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../http/register-call.js';
import { activateMember, login } from './login-service.js';
import { findMemberByName } from './member-repository.js';
import { registerNewMember } from './register-service.js';
import { SLEEP_AFTER_DAYS, isAsleep } from './sleep.js';

const NAME_RULE = /^[A-Za-z0-9][A-Za-z0-9_-]{3,15}$/;

/** Login, register, name check, sleep check and activate: the calls before a session exists. */
export function registerLoginRoutes(app: FastifyInstance): void {
  for (const call of [webLogin, loginV3, loginV4, loginV5]) registerCall(app, call, (ctx) => login(ctx, ctx.request));
  registerCall(app, loginV4Device, (ctx) => login(ctx, ctx.request));
  for (const call of [registerMember, registerV4]) registerCall(app, call, (ctx) => registerNewMember(ctx, ctx.request));
  for (const call of [checkNameV1, checkNameV2, checkNameV3]) {
    registerCall(app, call, async ({ db, siteId, request }) => {
      if (!NAME_RULE.test(request.name)) return { available: false, reason: 'invalid' as const };
      const taken = await findMemberByName(db, siteId, request.name);
      return taken ? { available: false, reason: 'taken' as const } : { available: true, reason: 'ok' as const };
    });
  }
  registerCall(app, sleepCheck, async ({ db, siteId, request, services }) => {
    const member = await findMemberByName(db, siteId, request.name);
    return { sleeping: member ? isAsleep(member, services.providers.clock.now()) : false, sleepAfterDays: SLEEP_AFTER_DAYS };
  });
  registerCall(app, activate, async (ctx) => ({ activated: await activateMember(ctx, ctx.request) }));
}
