import type { FastifyInstance } from 'fastify';
import { registerCallbackRoute } from '../payments/callback-route.js';
import { orderOperatorRoutes } from '../operator/order-routes.js';
import { depositRoutes } from './deposit/routes.js';
import { usdtDepositRoutes } from './deposit/usdt/routes.js';
import { speedDepositRoutes } from './deposit/speed/routes.js';
import { recordRoutes } from './records.js';
import { withdrawalRoutes } from './withdrawal/routes.js';

/**
 * The order route group (issue 3): deposits, withdrawals, records, the payment
 * providers' callback endpoint and the operator's order actions (/ops/v1/...).
 */
export function orderRoutes(app: FastifyInstance): void {
  registerCallbackRoute(app);
  depositRoutes(app);
  usdtDepositRoutes(app);
  speedDepositRoutes(app);
  withdrawalRoutes(app);
  recordRoutes(app);
  orderOperatorRoutes(app);
}
