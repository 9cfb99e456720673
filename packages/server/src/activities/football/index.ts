/** Football campaign kinds (issue 21; docs/CAMPAIGNS.md): config rules and seeds. The calls live in src/campaigns/. */
export { carnivalConfigOf, FOOTBALL_LIMITS, guessConfigOf, shotConfigOf, validateConfig } from './config.js';
export type { CarnivalRules, GuessConfig, ShotConfig } from './config.js';
