import { floatWindows } from '@lobby/sdk';
import { registerCall } from '../http/register-call.js';
import type { RouteGroup } from '../http/route-group.js';
import { floatWindowList } from './float-window-repository.js';

/** Promotion calls: the float windows of the brand named by x-site-id (public). */
export const promotionRoutes: RouteGroup = (app) => {
  registerCall(app, floatWindows, async ({ db, siteId, request }) => floatWindowList(db, siteId, request.displayEquipment));
};
