/** The promotion engine (issue 20; docs/PROMOTIONS.md): what every activity kind's module uses. */
export { ACTIVITY_KINDS, ACTIVITY_STATES, ACTIVITY_STATUS, CENTRE_WALLET_ONLY, SHARED_IDENTITY_KEYS, statusAt } from './activity-types.js';
export type { Activity, ActivityInput, ActivityKind, ActivityState, ActivityStatus, Caps, Eligibility, RewardWallet, SharedIdentityKey } from './activity-types.js';
export { ACTIVITY_COLUMNS, activityById, activityOf, ensureBudgetAccount, liveActivity, visibleActivity } from './activity-repository.js';
export { budgetKind, centreWalletOf, payReward } from './rewards.js';
export type { PaidReward, RewardInput } from './rewards.js';
export {
  activitiesOfSite, BUDGET_MAX_MINOR, budgetLeftMinor, checkedInput, CONFIG_JSON_MAX, createActivity, endActivity, pauseActivity, publishActivity, resumeActivity,
  TERMS_TEXT_MAX, updateActivity,
} from './activity-service.js';
export type { ActivityPatch } from './activity-service.js';
export { checkClaim, CLAIM_RATE_LIMIT, eligibilityProblem, isBlacklisted, memberFacts, setBlacklisted } from './claims.js';
export type { ClaimCheckOptions, MemberFacts, RateLimit } from './claims.js';
export { configProblem, KIND_CONFIG_CHECKS } from './kinds.js';
