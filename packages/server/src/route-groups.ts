import type { RouteGroup } from './http/route-group.js';
import { captchaRoutes } from './captcha/routes.js';
import { memberRoutes } from './members/routes.js';
import { messageRoutes } from './messages/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import { siteRoutes } from './site/routes.js';
import { walletRoutes } from './wallet/routes.js';
import { anchorRoutes } from './anchor/routes.js';
import { venueRoutes } from './venues/routes.js';
import { yuebaoRoutes } from './yuebao/routes.js';
import { bankRoutes } from './banks/routes.js';
import { operatorRoutes } from './operator/routes.js';
import { orderRoutes } from './orders/routes.js';
import { contentRoutes } from './content/routes.js';
import { chatRoutes } from './chat/routes.js';
import { downloadRoutes } from './download/routes.js';
import { promotionRoutes } from './promotions/routes.js';
import { profileRoutes } from './profile/routes.js';
import { vipRoutes } from './vip/routes.js';
import { depositVerifyRoutes } from './deposit-verify/routes.js';
import { partnerRoutes } from './partners/routes.js';
import { auditRoutes } from './audit/routes.js';
import { betSyncRoutes } from './bet-sync/routes.js';
import { gameRoutes } from './games/routes.js';
import { studioRoutes } from './studio/routes.js';
import { gameRecordRoutes } from './game-records/routes.js';

/** Every route group the server serves; add a group by appending it here. */
export const routeGroups: readonly RouteGroup[] = [memberRoutes, siteRoutes, messageRoutes, feedbackRoutes, captchaRoutes, walletRoutes, anchorRoutes, operatorRoutes, orderRoutes, contentRoutes, chatRoutes, venueRoutes, yuebaoRoutes, bankRoutes, downloadRoutes, promotionRoutes, profileRoutes, vipRoutes, depositVerifyRoutes, partnerRoutes, auditRoutes, studioRoutes, gameRecordRoutes, gameRoutes, betSyncRoutes];
