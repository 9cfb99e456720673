import type { FastifyInstance } from 'fastify';
import { jsonOf } from '../http/body-parsers.js';
import { BusinessError, okEnvelope } from '../http/errors.js';

const SKINS = { normal: true, world_cup_skin: true, spring_skin: true } as const;

interface SitePatch {
  maintenance?: { start: number; end: number } | null;
  skin?: keyof typeof SKINS;
  skinId?: number;
}

/** The door's patch: base-config fields, and the content document's leave-pay status. */
interface DoorPatch {
  site: SitePatch;
  leavePayStatus?: 0 | 1;
}


function parsePatch(raw: unknown): DoorPatch {
  const body = jsonOf(raw);
  if (typeof body !== 'object' || body === null) throw new BusinessError('invalidField', 'body: must be an object');
  const { maintenance, skin, skinId, leavePayStatus, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown) throw new BusinessError('unknownField', `${unknown}: is not a site setting this door changes`);
  const patch: SitePatch = {};
  if (maintenance !== undefined) {
    const window = maintenance as { start?: unknown; end?: unknown } | null;
    if (window !== null && (!Number.isInteger(window.start) || !Number.isInteger(window.end) || (window.end as number) <= (window.start as number))) {
      throw new BusinessError('invalidField', 'maintenance: must be null or { start, end } in ms with end after start');
    }
    patch.maintenance = window as SitePatch['maintenance'];
  }
  if (skin !== undefined) {
    if (typeof skin !== 'string' || !(skin in SKINS)) throw new BusinessError('invalidField', 'skin: must be normal, world_cup_skin or spring_skin');
    patch.skin = skin as SitePatch['skin'];
  }
  if (skinId !== undefined) {
    if (!Number.isInteger(skinId) || (skinId as number) < 0) throw new BusinessError('invalidField', 'skinId: must be a whole number');
    patch.skinId = skinId as number;
  }
  if (leavePayStatus !== undefined && leavePayStatus !== 0 && leavePayStatus !== 1) throw new BusinessError('invalidField', 'leavePayStatus: must be 0 or 1');
  return leavePayStatus === undefined ? { site: patch } : { site: patch, leavePayStatus };
}

/**
 * Sandbox door for browser tests (only while the sandbox is on; not signed, like the other
 * doors): POST /sandbox/site/:siteId with `{ maintenance, skin, skinId }` changes those
 * fields of a brand's base config, and `leavePayStatus` (0 or 1) its leave-pay-window
 * config, as an operator would. Answers the new values.
 */
export function registerSiteSandboxDoor(app: FastifyInstance): void {
  if (!app.lobby.config.sandbox) return;
  app.post('/sandbox/site/:siteId', async (request) => {
    const siteId = Number((request.params as { siteId: string }).siteId);
    const patch = parsePatch(request.body);
    const { rows } = await app.lobby.db.query<{ config: Record<string, unknown> }>(
      `UPDATE sites SET config = config || $2::jsonb, updated_at = now() WHERE site_id = $1 RETURNING config`,
      [siteId, JSON.stringify(patch.site)],
    );
    if (!rows[0]) throw new BusinessError('notFound', `no site ${siteId}`);
    if (patch.leavePayStatus !== undefined) {
      await app.lobby.db.query(
        `INSERT INTO site_content (site_id, content) VALUES ($1, $2::jsonb)
         ON CONFLICT (site_id) DO UPDATE SET content = site_content.content || $2::jsonb, updated_at = now()`,
        [siteId, JSON.stringify({ leavePayStatus: patch.leavePayStatus })],
      );
    }
    app.lobby.brands.invalidate();
    const { maintenance, skin, skinId } = rows[0].config;
    return okEnvelope({ maintenance, skin, skinId, ...(patch.leavePayStatus === undefined ? {} : { leavePayStatus: patch.leavePayStatus }) });
  });
}
