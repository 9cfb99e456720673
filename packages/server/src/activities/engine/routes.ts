import type { FastifyInstance } from 'fastify';
import { activityMemberRoutes } from './member-routes.js';
import { activityOpsRoutes } from './ops-routes.js';

/** The activity engine's calls (issue 20; docs/PROMOTIONS.md): the member's list and detail, and the operator's desk. */
export function activityEngineRoutes(app: FastifyInstance): void {
  activityMemberRoutes(app);
  activityOpsRoutes(app);
}
