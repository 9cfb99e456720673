import type { InviteFriendInfo, InvitedMember } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { activityById, centreWalletOf, checkClaim, liveActivity, payReward, statusAt, visibleActivity, type Activity } from '../activities/engine/index.js';
import { inviteConfigOf, type InviteConfig } from '../activities/invite/index.js';
import { beijingDay } from '../activities/sign-in/days.js';
import { insertMessage } from '../messages/message-repository.js';
import { breakRefusal } from '../responsible/exclusion/exclusion-service.js';
import { inviterOf, maskName, sharedIdentity } from './invitations.js';

const KIND = 'invite_friend';
const yuan = (minor: number) => (minor / 100).toFixed(2);

/** The activity asked for, else the brand's newest invite-friend activity not yet over; inviteActivityMissing when none. */
export async function inviteActivity(q: Queryable, siteId: number, activityId: number | undefined, now: Date): Promise<Activity> {
  if (activityId !== undefined) return visibleActivity(q, siteId, activityId, KIND);
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM promo_activities WHERE site_id = $1 AND kind = $2 AND state IN ('published', 'paused') AND ends_at > $3 ORDER BY starts_at DESC, id DESC LIMIT 1`,
    [siteId, KIND, now],
  );
  const activity = rows[0] ? await activityById(q, rows[0].id) : null;
  if (!activity) throw new BusinessError('inviteActivityMissing', 'the brand runs no invite-friend activity');
  return activity;
}

/** One friend of the inviter, as the activity judges it. */
interface Friend {
  memberId: number;
  name: string;
  registeredAt: Date;
  lastActiveAt: Date;
  depositsMinor: number;
  turnoverMinor: number;
  recalledAt: Date | null;
  /** Invited inside the activity's window (only those count for its awards). */
  inWindow: boolean;
  refusal: string;
  qualified: boolean;
  rewarded: boolean;
}

/** An award due to the inviter: its claim key (friend:<id>, people:<n>, deposit:<minor>) and amount. */
interface Award {
  claimKey: string;
  amountMinor: number;
}

async function paidKeys(q: Queryable, activityId: number, memberId: number): Promise<Set<string>> {
  const { rows } = await q.query<{ claim_key: string }>('SELECT claim_key FROM promo_claims WHERE activity_id = $1 AND member_id = $2', [activityId, memberId]);
  return new Set(rows.map((row) => row.claim_key));
}

const IDENTITY_WORDS = { device: "shares the inviter's device", phone: "shares the inviter's phone number" } as const;

/** The inviter's friends (newest first), judged by the activity when there is one. */
async function friendsOf(q: Queryable, inviterId: number, activity: Activity | null, paging?: { offset: number; limit: number }): Promise<Friend[]> {
  const { rows } = await q.query<{
    member_id: string | number; name: string; invited_at: Date; last_active_at: Date; deposits: string | number; turnover: string | number; recalled_at: Date | null;
  }>(
    `SELECT i.invitee_id AS member_id, m.name, i.created_at AS invited_at, m.last_active_at,
       (SELECT coalesce(sum(amount_minor), 0) FROM deposit_orders d WHERE d.member_id = i.invitee_id AND d.state = 104) AS deposits,
       (SELECT coalesce(sum(valid_bet_minor), 0) FROM game_bets b WHERE b.member_id = i.invitee_id AND b.status = 'settled') AS turnover,
       (SELECT max(recalled_at) FROM invite_recalls r WHERE r.inviter_id = $1 AND r.invitee_id = i.invitee_id) AS recalled_at
     FROM member_invitations i JOIN members m ON m.id = i.invitee_id
     WHERE i.inviter_id = $1 ORDER BY i.created_at DESC, i.invitee_id DESC
     LIMIT $2 OFFSET $3`,
    [inviterId, paging?.limit ?? 10_000, paging?.offset ?? 0],
  );
  const config = activity ? inviteConfigOf(activity.config) : null;
  const paid = activity ? await paidKeys(q, activity.id, inviterId) : new Set<string>();
  const friends: Friend[] = [];
  for (const row of rows) {
    const memberId = Number(row.member_id);
    const shared = await sharedIdentity(q, inviterId, memberId);
    const depositsMinor = Number(row.deposits);
    const inWindow = activity !== null && row.invited_at >= activity.startsAt && row.invited_at < activity.endsAt;
    friends.push({
      memberId, name: row.name, registeredAt: row.invited_at, lastActiveAt: row.last_active_at, depositsMinor, turnoverMinor: Number(row.turnover),
      recalledAt: row.recalled_at, inWindow, refusal: shared ? IDENTITY_WORDS[shared] : '',
      qualified: inWindow && shared === null && config !== null && depositsMinor >= config.qualifyDepositMinor,
      rewarded: paid.has(`friend:${memberId}`),
    });
  }
  return friends;
}

/** What the inviter has reached under the activity: counts, tiers and the awards due. */
async function inviterStanding(q: Queryable, activity: Activity, inviterId: number) {
  const config = inviteConfigOf(activity.config);
  const friends = (await friendsOf(q, inviterId, activity)).filter((friend) => friend.inWindow);
  const qualified = friends.filter((friend) => friend.qualified);
  const qualifiedDeposits = qualified.reduce((sum, friend) => sum + friend.depositsMinor, 0);
  const paid = await paidKeys(q, activity.id, inviterId);
  const tiers = (list: InviteConfig['peopleAwards'], prefix: string, reachedAt: number) =>
    list.map((tier) => ({ ...tier, key: `${prefix}:${tier.threshold}`, reached: reachedAt >= tier.threshold, paid: paid.has(`${prefix}:${tier.threshold}`) }));
  const people = tiers(config.peopleAwards, 'people', qualified.length);
  const deposit = tiers(config.depositAwards, 'deposit', qualifiedDeposits);
  const due: Award[] = [
    ...(config.rewardFeeMinor > 0 ? qualified.filter((friend) => !friend.rewarded).map((friend) => ({ claimKey: `friend:${friend.memberId}`, amountMinor: config.rewardFeeMinor })) : []),
    ...[...people, ...deposit].filter((tier) => tier.reached && !tier.paid).map((tier) => ({ claimKey: tier.key, amountMinor: tier.rewardMinor })),
  ];
  return { config, friends, qualified, people, deposit, due, anyPaid: paid.size > 0, refused: friends.filter((friend) => friend.refusal !== '') };
}

/** The invited friend's standing: 0 not one (or not qualified yet), 1 may apply, 2 applied; with the refusal's reason. */
async function inviteeStanding(q: Queryable, activity: Activity, memberId: number) {
  const config = inviteConfigOf(activity.config);
  const invitation = await inviterOf(q, memberId);
  if (!invitation || invitation.invitedAt < activity.startsAt || invitation.invitedAt >= activity.endsAt) return { status: 0 as const, problem: 'inviteNotInvited' as const, inviterId: null };
  if (config.inviteeRewardMinor === 0) return { status: 0 as const, problem: 'inviteNothingToApply' as const, inviterId: invitation.inviterId };
  const paid = await paidKeys(q, activity.id, memberId);
  if (paid.has('invitee')) return { status: 2 as const, problem: null, inviterId: invitation.inviterId };
  if (await sharedIdentity(q, invitation.inviterId, memberId)) return { status: 0 as const, problem: 'inviteSharedIdentity' as const, inviterId: invitation.inviterId };
  const { rows } = await q.query<{ deposits: string | number }>('SELECT coalesce(sum(amount_minor), 0) AS deposits FROM deposit_orders WHERE member_id = $1 AND state = 104', [memberId]);
  if (Number(rows[0]?.deposits ?? 0) < config.qualifyDepositMinor) return { status: 0 as const, problem: 'inviteNotQualified' as const, inviterId: invitation.inviterId };
  return { status: 1 as const, problem: null, inviterId: invitation.inviterId };
}

/** The invite-friend page: the activity's rules and, for a member, its counts, tiers and apply statuses. */
export async function inviteInfo(q: Queryable, siteId: number, memberId: number | null, activityId: number | undefined, now: Date): Promise<InviteFriendInfo> {
  const activity = await inviteActivity(q, siteId, activityId, now);
  const config = inviteConfigOf(activity.config);
  const base = {
    activityId: activity.id, title: activity.title, status: statusAt(activity, now), startsAt: activity.startsAt.toISOString(), endsAt: activity.endsAt.toISOString(),
    termsText: activity.termsText, termsVersion: activity.termsVersion, rewardFee: config.rewardFeeMinor, qualifyDepositMinor: config.qualifyDepositMinor,
    inviteeRewardMinor: config.inviteeRewardMinor, reInvite: config.reInvite, wallet: config.wallet,
  };
  const tierView = (tier: { threshold: number; rewardMinor: number; reached?: boolean; paid?: boolean }) => ({
    threshold: tier.threshold, rewardMinor: tier.rewardMinor, reached: tier.reached ?? false, paid: tier.paid ?? false,
  });
  if (memberId === null) {
    return {
      ...base, memberNum: 0, qualifiedNum: 0, peopleAwardList: config.peopleAwards.map(tierView), depositAwardList: config.depositAwards.map(tierView),
      inviterApplyStatus: 0, inviteeApplyStatus: 0, dueMinor: 0,
    };
  }
  const standing = await inviterStanding(q, activity, memberId);
  const invitee = await inviteeStanding(q, activity, memberId);
  return {
    ...base, memberNum: standing.friends.length, qualifiedNum: standing.qualified.length,
    peopleAwardList: standing.people.map(tierView), depositAwardList: standing.deposit.map(tierView),
    inviterApplyStatus: standing.due.length > 0 ? 1 : standing.anyPaid ? 2 : 0, inviteeApplyStatus: invitee.status,
    dueMinor: standing.due.reduce((sum, award) => sum + award.amountMinor, 0),
  };
}

/** The member's own friends, newest first (judged by the brand's invite activity when it runs one). */
export async function inviteFriends(q: Queryable, siteId: number, memberId: number, page: number, size: number, now: Date): Promise<{ list: InvitedMember[]; total: number }> {
  const activity = await inviteActivity(q, siteId, undefined, now).catch((error: unknown) => {
    if (error instanceof BusinessError) return null;
    throw error;
  });
  const friends = await friendsOf(q, memberId, activity, { offset: (page - 1) * size, limit: size });
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM member_invitations WHERE inviter_id = $1', [memberId]);
  return {
    total: Number(rows[0]?.n ?? 0),
    list: friends.map((friend) => ({
      memberId: friend.memberId, name: maskName(friend.name), registeredAt: friend.registeredAt.toISOString(), depositsMinor: friend.depositsMinor,
      turnoverMinor: friend.turnoverMinor, qualified: friend.qualified, rewarded: friend.rewarded, refusal: friend.refusal,
      lastActiveAt: friend.lastActiveAt.toISOString(), recalledAt: friend.recalledAt?.toISOString() ?? null,
    })),
  };
}

export interface ApplyAnswer {
  activityId: number;
  paidMinor: number;
  awards: Award[];
  wallet: 'centre';
}

/**
 * The inviter receives every award due, in one transaction, through the promotion engine:
 * the activity live, the engine's claim guard (terms version, eligibility, caps, one reward
 * per device or phone, rate limit) over the total, then one payReward per award from the
 * activity's budget. inviteSharedIdentity when the only friends left share the inviter's
 * device or phone; inviteNothingToApply when nothing is due.
 */
export async function applyAsInviter(db: Database, siteId: number, memberId: number, request: { activityId: number; termsVersion: number }, now: Date): Promise<ApplyAnswer> {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, siteId, request.activityId, KIND, now);
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`invite:${activity.id}:${memberId}`]);
    const standing = await inviterStanding(tx, activity, memberId);
    if (standing.due.length === 0) {
      if (standing.refused.length > 0) {
        throw new BusinessError('inviteSharedIdentity', `friend ${maskName(standing.refused[0]!.name)} ${standing.refused[0]!.refusal}; no award is paid for it`);
      }
      throw new BusinessError('inviteNothingToApply', 'no invite award is due');
    }
    const total = standing.due.reduce((sum, award) => sum + award.amountMinor, 0);
    await checkClaim(tx, activity, memberId, now, { termsVersion: request.termsVersion, amountMinor: total });
    for (const award of standing.due) {
      await payReward(tx, { activity, memberId, claimKey: award.claimKey, amountMinor: award.amountMinor, wallet: centreWalletOf(activity), termsVersion: request.termsVersion, now });
    }
    return { activityId: activity.id, paidMinor: total, awards: standing.due, wallet: standing.config.wallet };
  });
}

/** The invited friend receives its own reward once (claim key 'invitee'), through the promotion engine. */
export async function applyAsInvitee(db: Database, siteId: number, memberId: number, request: { activityId: number; termsVersion: number }, now: Date): Promise<ApplyAnswer> {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, siteId, request.activityId, KIND, now);
    const config = inviteConfigOf(activity.config);
    const standing = await inviteeStanding(tx, activity, memberId);
    if (standing.status === 2) throw new BusinessError('inviteNothingToApply', 'the invitee reward was received already');
    if (standing.problem === 'inviteNotQualified') throw new BusinessError('inviteNotQualified', `deposits of ${yuan(config.qualifyDepositMinor)} in total qualify`);
    if (standing.problem !== null) throw new BusinessError(standing.problem, standing.problem === 'inviteSharedIdentity' ? "the account shares the inviter's device or phone number" : 'no invitee reward is due');
    await checkClaim(tx, activity, memberId, now, { termsVersion: request.termsVersion, amountMinor: config.inviteeRewardMinor, claimKey: 'invitee' });
    await payReward(tx, { activity, memberId, claimKey: 'invitee', amountMinor: config.inviteeRewardMinor, wallet: centreWalletOf(activity), termsVersion: request.termsVersion, now });
    return { activityId: activity.id, paidMinor: config.inviteeRewardMinor, awards: [{ claimKey: 'invitee', amountMinor: config.inviteeRewardMinor }], wallet: config.wallet };
  });
}

/** Recalls one of the member's own friends: an inbox message, once a Beijing day per friend (the brands' day, as the page shows it). */
export async function recallFriend(db: Database, siteId: number, member: { id: number; name: string }, request: { activityId: number; memberId: number }, now: Date): Promise<{ recalledAt: string }> {
  const activity = await visibleActivity(db, siteId, request.activityId, KIND);
  if (!inviteConfigOf(activity.config).reInvite) throw new BusinessError('inviteRecallOff', 'this activity does not recall friends');
  return db.transaction(async (tx) => {
    const own = await tx.query('SELECT 1 FROM member_invitations WHERE invitee_id = $1 AND inviter_id = $2', [request.memberId, member.id]);
    if (own.rows.length === 0) throw new BusinessError('inviteFriendNotFound', `member ${request.memberId} is not a friend this member invited`);
    const inserted = await tx.query(
      'INSERT INTO invite_recalls (inviter_id, invitee_id, recalled_on, recalled_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING recalled_at',
      [member.id, request.memberId, beijingDay(now), now],
    );
    if (inserted.rows.length === 0) throw new BusinessError('inviteRecallTooSoon', 'this friend was recalled today already');
    // Responsible play: a recall is marketing, so a friend on a time-out or self-exclusion gets
    // none; the inviter is not told (another member's break is private), the recall counts as done.
    if (await breakRefusal(tx, request.memberId, now)) return { recalledAt: now.toISOString() };
    await insertMessage(tx, {
      memberId: request.memberId, type: 1, sticky: false,
      title: '好友邀请您回来 Your friend invites you back',
      content: `您的好友 ${maskName(member.name)} 邀请您回来参加「${activity.title}」。\nYour friend ${maskName(member.name)} invites you back to "${activity.title}".`,
    });
    return { recalledAt: now.toISOString() };
  });
}
