import type { FastifyInstance } from 'fastify';

/**
 * A group of routes: registers its calls with `registerCall`. A feature's `routes.ts`
 * exports its group; route-groups.ts lists them.
 *
 * @example export const walletRoutes: RouteGroup = (app) => { registerCall(app, walletBalance, handler); };
 */
export type RouteGroup = (app: FastifyInstance) => void | Promise<void>;
