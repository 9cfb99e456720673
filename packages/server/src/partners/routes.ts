import type { FastifyInstance } from 'fastify';
import { PARTNER_REQUEST_HEADERS, opsPartnerOriginAdd, opsPartnerOriginList, opsPartnerOriginRemove, partnerCalls } from '@lobby/sdk';
import { MQTT_PATH } from '../chat/embedded-broker.js';
import { refuseUpgradesFromOtherOrigins, registerCors } from '../http/cors.js';
import { BusinessError } from '../http/errors.js';
import { registerCall, type CallContext } from '../http/register-call.js';
import { operatorOf } from '../operator/operator-auth.js';
import { partnerOriginOf } from './partner-origin.js';
import { addPartnerOrigin, allPartnerOrigins, removePartnerOrigin } from './partner-origin-repository.js';
import { PartnerOrigins } from './partner-origins.js';

/**
 * Partner origins (issue 17; docs/DECISIONS.md, "Partner origins (CORS)"): CORS for the
 * calls the widgets make (the sdk's partnerCalls), from the brand's partner origins and
 * the deployment's LOBBY_PARTNER_ORIGINS; the same list guards the embedded broker's
 * WebSocket; operators list, add and remove a brand's origins.
 */
export async function partnerRoutes(app: FastifyInstance): Promise<void> {
  const origins = new PartnerOrigins(app.lobby.db, app.lobby.providers.clock, app.lobby.config.partnerOrigins ?? []);
  registerCors(app, {
    calls: partnerCalls,
    allowedHeaders: PARTNER_REQUEST_HEADERS,
    allowsForSite: (origin, siteId) => origins.allowsForSite(origin, siteId),
    allowsForAnySite: (origin) => origins.allowsForAnySite(origin),
  });
  if (!app.lobby.config.mqttUrl) {
    // An external broker (MQTT_URL) checks the Origin of its own WebSockets (docs/CHAT.md).
    const stop = refuseUpgradesFromOtherOrigins(app.server, MQTT_PATH, (origin) => origins.allowsForAnySiteNow(origin));
    app.addHook('onReady', async () => void (await origins.load()));
    app.addHook('onClose', async () => stop());
  }

  registerCall(app, opsPartnerOriginList, async (ctx) => {
    const { siteId } = ctx.request;
    await requireBrand(ctx, siteId);
    const list = (await allPartnerOrigins(ctx.db)).filter((row) => row.siteId === siteId).map(({ origin, addedBy, addedAt }) => ({ origin, addedBy, addedAt }));
    return { siteId, list, deploymentOrigins: origins.deploymentOrigins };
  });
  registerCall(app, opsPartnerOriginAdd, async (ctx) => {
    const { siteId } = ctx.request;
    await requireBrand(ctx, siteId);
    const origin = originIn(ctx.request.origin);
    const added = await addPartnerOrigin(ctx.db, siteId, origin, `operator:${operatorOf(ctx.raw).name}`);
    origins.invalidate();
    return { siteId, origin, added };
  });
  registerCall(app, opsPartnerOriginRemove, async (ctx) => {
    const { siteId } = ctx.request;
    await requireBrand(ctx, siteId);
    const origin = originIn(ctx.request.origin);
    const removed = await removePartnerOrigin(ctx.db, siteId, origin);
    origins.invalidate();
    return { siteId, origin, removed };
  });
}

async function requireBrand(ctx: CallContext<unknown>, siteId: number): Promise<void> {
  if (!(await ctx.services.brands.get(siteId))) throw new BusinessError('notFound', `siteId: no site ${siteId}`);
}

/** The origin of an operator's text, or a 400 naming the field and the rule broken. */
function originIn(text: string): string {
  const parsed = partnerOriginOf(text);
  if ('error' in parsed) throw new BusinessError('invalidField', `origin: ${parsed.error}`);
  return parsed.origin;
}
