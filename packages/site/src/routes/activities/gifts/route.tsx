import { useParams } from 'react-router-dom';
import { ActivityShell, activityIdOf } from '../shared/index.js';
import { GiftApplyView } from './gift-apply-page.js';
import { PresentView } from './present-page.js';
import { VirtualCurrencyInfoView } from './virtual-currency-page.js';

// Issue 20 (docs/GIFTS.md): the gift board of every gift activity, the member's gift applications, and the USDT help page.

/** /app/present/{activityId}: the gift board (present, super gift, promo v2, happy send, luxury exchange, top gift). */
export function PresentPage() {
  const id = activityIdOf(useParams().activityId);
  return <ActivityShell id={id}>{(load) => <PresentView load={load} />}</ActivityShell>;
}

/** /app/gift-apply/get/modal: the member's gift applications and the receiver address. */
export const GiftApplyPage = GiftApplyView;

/** /app/virtualCurrencyInfo: USDT protocols, advantages and this site's USDT deposits. */
export const VirtualCurrencyInfoPage = VirtualCurrencyInfoView;
