import { orderSettings } from '../../order-settings.js';

/**
 * Fast-to-card (speed, 912) settings of a brand where the spec shows only field names
 * (decisions in docs/ORDERS.md): orders a day (payCount), the minutes the receipt has to be
 * confirmed once the member confirmed paying (payConfirmTime, the deposit order timeout),
 * reminders per order and their spacing, speed cancellations a day.
 */
export interface SpeedSettings {
  paysPerDay: number;
  confirmMinutes: number;
  remindLimit: number;
  remindIntervalSeconds: number;
  cancelsPerDay: number;
}

/** @example speedSettings(4).remindLimit // 3 */
export function speedSettings(siteId: number): SpeedSettings {
  const orders = orderSettings(siteId);
  return { paysPerDay: 5, confirmMinutes: orders.depositTimeoutMinutes, remindLimit: 3, remindIntervalSeconds: orders.urgeIntervalSeconds, cancelsPerDay: 3 };
}
