/** Bonus money and wagering (issue 20; docs/BONUS-WAGERING.md): what other activity kinds use to pay a bonus. */
export { bonusesWithProgress, bonusWalletMinor, bonusWire, forfeitBonus, grantBonus, settleBonuses, settleDueBonuses } from './bonus-service.js';
export type { BonusInput, GrantProgress } from './bonus-service.js';
export { brandMaxMultiple, setBrandMaxMultiple } from './bonus-repository.js';
export type { GrantRow } from './bonus-repository.js';
export { validateConfig } from './config.js';
