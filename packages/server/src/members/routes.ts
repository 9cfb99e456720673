import type { RouteGroup } from '../http/route-group.js';
import { registerAccountRoutes } from './account-routes.js';
import { registerLoginRoutes } from './login-routes.js';
import { registerMemberOpsRoutes } from './ops-routes.js';

/** The member calls of spec section 7 (login, register, account), and the operator's on members. */
export const memberRoutes: RouteGroup = (app) => {
  registerLoginRoutes(app);
  registerAccountRoutes(app);
  registerMemberOpsRoutes(app);
};
