import type { RouteGroup } from '../http/route-group.js';
import { registerAccountRoutes } from './account-routes.js';
import { registerLoginRoutes } from './login-routes.js';

/** The member calls of spec section 7 (login, register, account). */
export const memberRoutes: RouteGroup = (app) => {
  registerLoginRoutes(app);
  registerAccountRoutes(app);
};
