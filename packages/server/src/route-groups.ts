import type { FastifyInstance } from 'fastify';
import { captchaRoutes } from './captcha/routes.js';
import { memberRoutes } from './members/index.js';
import { messageRoutes } from './messages/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import { siteRoutes } from './site/routes.js';
import { financeRoutes } from './routes/finance/index.js';
import { anchorRoutes } from './routes/anchor/index.js';
import { venueRoutes } from './routes/venues/index.js';
import { yuebaoRoutes } from './routes/yuebao/index.js';
import { bankRoutes } from './routes/banks/index.js';
import { operatorRoutes } from './operator/routes.js';
import { orderRoutes } from './orders/index.js';
import { contentRoutes } from './content/routes.js';
import { chatRoutes } from './chat/routes.js';
import { downloadRoutes } from './download/routes.js';

import { promotionRoutes } from './promotions/routes.js';
import { profileRoutes } from './profile/routes.js';
import { vipRoutes } from './vip/routes.js';
import { depositVerifyRoutes } from './deposit-verify/routes.js';
/**
 * A group of routes: registers its calls with `registerCall` and may replace providers
 * on `app.lobby` (before the app is ready).
 *
 * @example export const ledgerRoutes: RouteGroup = (app) => { registerCall(app, walletBalance, handler); };
 */
export type RouteGroup = (app: FastifyInstance) => void | Promise<void>;

/** Every route group the server serves; add a group by appending it here. */
export const routeGroups: readonly RouteGroup[] = [memberRoutes, siteRoutes, messageRoutes, feedbackRoutes, captchaRoutes, financeRoutes, anchorRoutes, operatorRoutes, orderRoutes, contentRoutes, chatRoutes, venueRoutes, yuebaoRoutes, bankRoutes, downloadRoutes, promotionRoutes, profileRoutes, vipRoutes, depositVerifyRoutes];
