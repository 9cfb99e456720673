import type { FastifyInstance } from 'fastify';
import { opsWhoami } from '@lobby/sdk';
import { registerCall } from '../http/register-call.js';
import { operatorOf } from './operator-auth.js';

/**
 * The operator API's own calls (/ops/v1/...). Order actions (confirm, reject, match,
 * pay, freeze, expire) are registered by the deposit and withdrawal groups.
 */
export function operatorRoutes(app: FastifyInstance): void {
  registerCall(app, opsWhoami, async (ctx) => operatorOf(ctx.raw));
}
