import { DEPOSIT_STATE, type SpeedToCardInfo } from '@lobby/sdk';

/** What the member can do with a fast-to-card order now. */
export interface SpeedActions {
  confirm: boolean;
  cancel: boolean;
  remind: 'now' | 'wait' | 'none' | null;
  appeal: boolean;
}

/**
 * The actions of a fast-to-card order's state: confirm paying and cancel while pending
 * payment (cancel not once today's speed cancellations are used up), remind while pending
 * confirmation (wait while `remindLeftS` runs, none once the limit is reached), appeal in the
 * states of the appeal config until appealed.
 *
 * @example speedActions(info, 0, [102, 103, 105]) // { confirm: false, cancel: false, remind: 'now', appeal: true } at 102
 */
export function speedActions(info: SpeedToCardInfo, remindLeftS: number, appealStates: readonly number[]): SpeedActions {
  const state = info.order.orderState;
  const pendingPayment = state === DEPOSIT_STATE.pendingPayment;
  let remind: SpeedActions['remind'] = null;
  if (state === DEPOSIT_STATE.pendingConfirmation) remind = info.remindCount >= info.remindLimit ? 'none' : remindLeftS > 0 ? 'wait' : 'now';
  return {
    confirm: pendingPayment,
    cancel: pendingPayment && info.cancelCount < info.cancelLimit,
    remind,
    appeal: appealStates.includes(state) && info.appealReason === '',
  };
}

/** A deadline as the member's local hh:mm:ss (empty for none). */
export function clockTime(iso: string): string {
  if (iso === '') return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toTimeString().slice(0, 8);
}
