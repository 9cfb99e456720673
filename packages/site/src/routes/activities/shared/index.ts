/**
 * The shared shell of every activity page (issue 20; docs/ACTIVITY-PAGES.md): the frame
 * (title, status badge, window, countdown, terms as text, the member's claims), the claim
 * button with its terms version, the detail loader, the claim runner with idempotency keys
 * and refusals, the kind-to-page map, and the activity stylesheet.
 */
export { ACTIVITY_KIND_ROUTES, activityHref, activityIdOf } from './activity-routes.js';
export { ActivityFrame, ActivityShell, ActivityTerms, MyClaims, NotBuiltYet, type LoadedActivity } from './activity-frame.js';
export { adoptStyles, installActivityStyles } from './activity-styles.js';
export { ClaimButton } from './claim-button.js';
export { ActivityCountdown, StatusBadge, spanText } from './status-badge.js';
export { ConditionList, conditionLines } from './conditions.js';
export { activityTexts, type ActivityTextKey } from './texts.js';
export { useActivity, type ActivityLoad } from './use-activity.js';
export { useClaim, type ClaimAction } from './use-claim.js';
