import { CENTRE_WALLET_ONLY } from '../engine/activity-types.js';
import { isInt } from '../engine/config-values.js';

/**
 * The invite-friend activity's rules (issue 21; spec section 3 "Invite"; docs/AGENTS.md):
 * what the inviter earns per qualified friend (rewardFee), the people and deposit tiers,
 * the invited friend's own reward, and whether friends may be recalled.
 */

/** A tier: qualified friends (people) or their deposits in minor units (deposit), and its award. */
export interface InviteTier {
  threshold: number;
  rewardMinor: number;
}

export interface InviteConfig {
  /** Paid to the inviter for each qualified friend (the spec's rewardFee). */
  rewardFeeMinor: number;
  /** A friend qualifies once its confirmed deposits since registering reach this. */
  qualifyDepositMinor: number;
  /** Paid once to a qualified friend who applies (0: none). */
  inviteeRewardMinor: number;
  /** Recalling a friend (an inbox message) is on (the spec's reInvite). */
  reInvite: boolean;
  /** Awards by the number of qualified friends, rising thresholds. */
  peopleAwards: InviteTier[];
  /** Awards by the qualified friends' deposits since the activity started, rising thresholds. */
  depositAwards: InviteTier[];
  /** The member's own centre wallet (the only one: bonus money needs wagering terms, docs/BONUS-WAGERING.md). */
  wallet: 'centre';
}

/** The most tiers of one list (our choice). */
export const INVITE_TIERS_MAX = 20;
const MINOR_MAX = 10_000_000_000;


function tiersProblem(name: string, value: unknown): string | null {
  if (!Array.isArray(value) || value.length > INVITE_TIERS_MAX) return `${name} must list at most ${INVITE_TIERS_MAX} tiers`;
  let last = 0;
  for (const [index, tier] of value.entries()) {
    if (typeof tier !== 'object' || tier === null) return `${name}[${index}] must be { threshold, rewardMinor }`;
    const { threshold, rewardMinor } = tier as Record<string, unknown>;
    if (!isInt(threshold, 1, MINOR_MAX)) return `${name}[${index}].threshold must be a positive integer`;
    if (!isInt(rewardMinor, 1, MINOR_MAX)) return `${name}[${index}].rewardMinor must be a positive integer of minor units`;
    if (threshold <= last) return `${name} thresholds must rise`;
    last = threshold;
  }
  return null;
}

/** Checks an invite-friend activity's config: null when valid, else the problem in words. */
export function validateConfig(kind: string, config: unknown): string | null {
  void kind;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return 'config must be a JSON object';
  const c = config as Record<string, unknown>;
  if (!isInt(c.rewardFeeMinor, 0, MINOR_MAX)) return 'rewardFeeMinor must be a non-negative integer of minor units';
  if (!isInt(c.qualifyDepositMinor, 1, MINOR_MAX)) return 'qualifyDepositMinor must be a positive integer of minor units';
  if (!isInt(c.inviteeRewardMinor, 0, MINOR_MAX)) return 'inviteeRewardMinor must be a non-negative integer of minor units';
  if (typeof c.reInvite !== 'boolean') return 'reInvite must be true or false';
  const tiers = tiersProblem('peopleAwards', c.peopleAwards) ?? tiersProblem('depositAwards', c.depositAwards);
  if (tiers) return tiers;
  if (c.wallet !== 'centre') return CENTRE_WALLET_ONLY;
  return null;
}

/** The config of a validated invite-friend activity, typed. */
export function inviteConfigOf(config: Record<string, unknown>): InviteConfig {
  return config as unknown as InviteConfig;
}
