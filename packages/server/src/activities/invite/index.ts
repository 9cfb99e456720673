/** The invite-friend activity kind (issue 21; docs/AGENTS.md). */
export { inviteConfigOf, validateConfig, type InviteConfig, type InviteTier } from './config.js';
export { seedActivities } from './seed.js';
