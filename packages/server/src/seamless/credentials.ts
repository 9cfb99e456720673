import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The sandbox studio's provider id at lobby's seamless endpoint. */
export const STUDIO_PROVIDER_ID = 'lobby-studio';

/** A provider allowed to call the seamless endpoint, and the secret its requests are signed with. */
export interface SeamlessProvider {
  providerId: string;
  secret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Providers of the seamless endpoint by id; the sandbox studio is always one. */
    seamlessProviders: Map<string, SeamlessProvider>;
  }
}

/**
 * The providers of the seamless endpoint, made on first use: the sandbox studio with the
 * secret of env `LOBBY_STUDIO_SECRET`, or a random one when unset (shared in process only).
 * Any route group may ask first (the studio's or the endpoint's), so both see the same map.
 *
 * @example const { secret } = seamlessProvidersOf(app).get(STUDIO_PROVIDER_ID)!;
 */
export function seamlessProvidersOf(app: FastifyInstance): Map<string, SeamlessProvider> {
  if (!app.hasDecorator('seamlessProviders')) {
    const secret = process.env.LOBBY_STUDIO_SECRET || randomBytes(32).toString('hex');
    app.decorate('seamlessProviders', new Map([[STUDIO_PROVIDER_ID, { providerId: STUDIO_PROVIDER_ID, secret }]]));
  }
  return app.seamlessProviders;
}

/** The sandbox studio's credentials (provider id and secret) at lobby's seamless endpoint. */
export function studioCredentialsOf(app: FastifyInstance): SeamlessProvider {
  return seamlessProvidersOf(app).get(STUDIO_PROVIDER_ID)!;
}
