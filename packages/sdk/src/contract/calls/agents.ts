import { defineCall } from '../call.js';
import { INT4_MAX, SAFE_INTEGER_MAX, s, type Infer } from '../schema.js';

/**
 * Agents, invitations and the member-move config (issue 21; spec sections 1 "agent status",
 * 3 "Invite", "Member-move config", 5 "Forced agent migration switch", 7 "invite_friend_do",
 * 9 "Proxy page-view event"; docs/AGENTS.md). Money is integer minor units (fen).
 */

const minor = (description: string) => s.integer({ minimum: 0, maximum: SAFE_INTEGER_MAX, description });
const time = (description: string) => s.string({ description: `ISO 8601 time: ${description}` });
const activityId = s.integer({ minimum: 1, maximum: INT4_MAX, description: "The invite-friend activity's id" });
const termsVersion = s.integer({ minimum: 1, maximum: INT4_MAX, description: 'The terms version shown beside the button' });
/** An invite or referral code: what the URL's i_code / r_code carry. */
export const INVITE_CODE_PATTERN = '^[A-Za-z0-9_-]{1,32}$';
const code = (description: string) => s.string({ pattern: INVITE_CODE_PATTERN, description });

/**
 * The forced agent migration switch (spec section 5): any value other than '0' means on.
 *
 * @example isForcedMigrationOn('0') // false
 * @example isForcedMigrationOn('2') // true
 */
export function isForcedMigrationOn(value: string | null | undefined): boolean {
  return value !== undefined && value !== null && value !== '0';
}

/** An application to become an agent, as its member and the operator see it. */
export const AgentApplication = s.object({
  id: s.integer(),
  memberId: s.integer(),
  memberName: s.string(),
  state: s.enum(['pending', 'approved', 'rejected'] as const),
  contact: s.string({ description: 'Plain text' }),
  note: s.string({ description: 'Plain text' }),
  reason: s.string({ description: "The operator's reason of a decision (plain text)" }),
  createdAt: time('applied'),
  decidedAt: s.nullable(time('decided')),
});
export type AgentApplication = Infer<typeof AgentApplication>;

/** The agent status (a boolean from a call, spec section 1), the member's application and the migration switch. */
export const agentStatus = defineCall({
  name: 'agentStatus',
  group: 'member',
  path: '/member/v1/agent/status',
  style: 'query',
  auth: 'member',
  summary: 'Is the member an agent; its latest agent application; the forced agent migration switch',
  request: s.empty(),
  response: s.object({
    isAgent: s.boolean(),
    application: s.nullable(AgentApplication),
    forcedMigration: s.string({ description: "The brand's forced agent migration switch: any value other than '0' means on" }),
    inviteCode: s.string({ description: "The member's own invite code (i_code / r_code of its links)" }),
  }),
});

/** Applying to become an agent; the operator approves or rejects. */
export const agentApply = defineCall({
  name: 'agentApply',
  group: 'member',
  path: '/member/v1/agent/apply',
  style: 'json',
  auth: 'member',
  summary: 'Apply to become an agent (one pending application at a time)',
  request: s.object({
    contact: s.string({ minLength: 1, maxLength: 100, description: 'How the agent desk reaches the member (plain text)' }),
    note: s.optional(s.string({ maxLength: 500, description: 'What the member brings: channels, audience (plain text)' })),
  }),
  response: AgentApplication,
});

/** One member the agent (or inviter) brought, as its own list shows it. */
export const InvitedMember = s.object({
  memberId: s.integer(),
  name: s.string({ description: "The friend's name, masked (ab***c)" }),
  registeredAt: time('registered'),
  depositsMinor: minor('Confirmed deposits ever'),
  turnoverMinor: minor('Valid bets of settled bet records ever'),
  qualified: s.boolean({ description: "The friend's deposits reach the activity's qualifying deposit" }),
  rewarded: s.boolean({ description: "The friend's invite reward (rewardFee) is paid to the inviter" }),
  refusal: s.string({ description: "Why the friend never earns the reward (it shares the inviter's device or phone); '' when none" }),
  lastActiveAt: time('last seen'),
  recalledAt: s.nullable(time('last recalled')),
});
export type InvitedMember = Infer<typeof InvitedMember>;

/** An agent's own figures: its invited members, their deposits and turnover, the commission owed. */
export const AgentFigures = s.object({
  periodFrom: time('the period starts (the first of the month, 00:00 Beijing time)'),
  periodTo: time('the period ends (exclusive)'),
  invitedTotal: s.integer({ minimum: 0, description: 'Members registered through the agent\'s codes, ever' }),
  invitedInPeriod: s.integer({ minimum: 0 }),
  depositingMembers: s.integer({ minimum: 0, description: 'Invited members with a confirmed deposit in the period' }),
  depositsMinor: minor('Confirmed deposits of invited members in the period'),
  turnoverMinor: minor('Valid bets of invited members\' settled bets in the period'),
  commissionRateBp: s.integer({ minimum: 0, maximum: 10_000, description: 'Commission per valid bet, in basis points (1/100 of a percent)' }),
  commissionMinor: minor('Commission owed for the period: turnover × rate, rounded down to the fen'),
  pageViews: s.integer({ minimum: 0, description: 'Proxy page views of the agent\'s links in the period' }),
});
export type AgentFigures = Infer<typeof AgentFigures>;

export const agentFigures = defineCall({
  name: 'agentFigures',
  group: 'member',
  path: '/member/v1/agent/figures',
  style: 'query',
  auth: 'member',
  summary: "An agent's own figures for a month: members invited, their deposits and turnover, commission owed",
  request: s.object({ month: s.optional(s.string({ pattern: '^20[0-9]{2}-(0[1-9]|1[0-2])(-[0-3][0-9])?$', description: 'YYYY-MM, or a YYYY-MM-DD date of that month (Beijing time); the current month when absent' })) }),
  response: AgentFigures,
});

/** A Beijing calendar month, `YYYY-MM`: the period of an agent's figures and commission statements. */
export const AGENT_MONTH_PATTERN = '^20[0-9]{2}-(0[1-9]|1[0-2])$';
const agentMonth = (description: string) => s.string({ pattern: AGENT_MONTH_PATTERN, description: `YYYY-MM, a Beijing calendar month: ${description}` });
const signedMinor = (description: string) => s.integer({ minimum: -SAFE_INTEGER_MAX, maximum: SAFE_INTEGER_MAX, description });

/** A correction of an earlier, paid month carried by a later statement (bet records brought or resettled after it was paid). */
export const CommissionAdjustment = s.object({
  month: agentMonth('the earlier month corrected'),
  turnoverDeltaMinor: signedMinor("The change of that month's turnover since it was last counted"),
  commissionDeltaMinor: signedMinor("The change of that month's commission, at that month's rate"),
});
export type CommissionAdjustment = Infer<typeof CommissionAdjustment>;

const statementFields = {
  month: agentMonth('the month of the statement'),
  state: s.enum(['open', 'closed', 'settled'] as const, { description: 'open: the month runs; closed: over, not settled yet; settled: paid (or settled with 0)' }),
  periodFrom: time('the month starts (00:00 Beijing time)'),
  periodTo: time('the month ends (exclusive)'),
  turnoverMinor: minor("Valid bets of the invited members' settled bets in the month (at settlement for a settled month, else now)"),
  commissionRateBp: s.integer({ minimum: 0, maximum: 10_000, description: "The rate of the month's settlement; the brand's current rate before it" }),
  commissionMinor: minor("The month's own commission: turnover × rate, rounded down to the fen"),
  adjustmentMinor: signedMinor('Corrections of earlier paid months carried by this statement (0 before settlement)'),
  carriedMinor: signedMinor('Never above 0: commission paid earlier beyond what was owed, recovered from this statement'),
  owedMinor: signedMinor('commissionMinor + adjustmentMinor + carriedMinor; below 0 nothing is paid and the rest is carried on'),
  paidMinor: minor('Paid into the centre wallet by the settlement (0 until settled)'),
  paidAt: s.nullable(time('settled (null until settled)')),
  reference: s.nullable(s.string({ description: "The ledger transfer's reference of the payment; null when nothing was paid" })),
  adjustments: s.array(CommissionAdjustment),
};

/** One month of an agent's commission as the agent sees it. */
export const CommissionStatement = s.object(statementFields);
export type CommissionStatement = Infer<typeof CommissionStatement>;

/** An agent's commission month by month: owed, paid (when and how much) and the statement. */
export const agentCommission = defineCall({
  name: 'agentCommission',
  group: 'member',
  path: '/member/v1/agent/commission',
  style: 'query',
  auth: 'member',
  summary: "An agent's commission of this Beijing month and the 11 before it, newest first: owed, paid and when, the statement",
  request: s.empty(),
  response: s.object({ list: s.array(CommissionStatement) }),
});

/** One agent's statement of a month, as the operator sees it. */
export const OpsCommissionStatement = s.object({
  agentId: s.integer(),
  agentName: s.string(),
  ...statementFields,
  state: s.literal('settled'),
  settledBy: s.string({ description: 'Who ran the settlement' }),
});
export type OpsCommissionStatement = Infer<typeof OpsCommissionStatement>;

const siteId = s.integer({ minimum: 1, maximum: INT4_MAX });

/**
 * Operator: settles a closed Beijing month of a brand. Each agent's commission of the month
 * (with corrections of its earlier paid months) is paid from the brand's commission account
 * into its centre wallet as one ledger transfer, once per agent and month: a repeat, or a
 * settlement racing it, pays nothing more.
 */
export const opsAgentCommissionSettle = defineCall({
  name: 'opsAgentCommissionSettle',
  group: 'operator',
  path: '/ops/v1/agent/commission/settle',
  style: 'json',
  auth: 'operator',
  summary: "Operator: settle a closed Beijing month of a brand: pay each agent's commission into its centre wallet, once per agent and month",
  request: s.object({ siteId, month: agentMonth('a month already over') }),
  response: s.object({
    siteId: s.integer(),
    month: s.string(),
    periodFrom: time('the month starts'),
    periodTo: time('the month ends (exclusive)'),
    agents: s.integer({ minimum: 0, description: "The brand's agents" }),
    settledNow: s.integer({ minimum: 0, description: 'Agents this run settled' }),
    alreadySettled: s.integer({ minimum: 0, description: 'Agents an earlier (or racing) settlement had settled' }),
    paidNowMinor: minor('Paid by this run'),
    list: s.array(OpsCommissionStatement, { description: "The month's statements of the brand's agents (at most 500)" }),
  }),
});

/** Operator: the brand's commission statements, newest month first. */
export const opsAgentCommissionStatements = defineCall({
  name: 'opsAgentCommissionStatements',
  group: 'operator',
  path: '/ops/v1/agent/commission/statements',
  style: 'json',
  auth: 'operator',
  summary: "Operator: a brand's agent commission statements (a month's, an agent's, or the latest 500), with what each paid",
  request: s.object({
    siteId,
    month: s.optional(agentMonth('only this month')),
    agentId: s.optional(s.integer({ minimum: 1, maximum: SAFE_INTEGER_MAX, description: "Only this agent's (its member id)" })),
  }),
  response: s.object({ list: s.array(OpsCommissionStatement), paidMinor: minor('Paid by the statements listed') }),
});

/** invite_friend_do (spec section 7, clear path): the member's invite code and link. */
export const inviteFriendDo = defineCall({
  name: 'inviteFriendDo',
  group: 'member',
  path: '/member/v1/invite_friend_do',
  style: 'json',
  auth: 'member',
  summary: "The member's invite code (made once) and its invite link's query",
  request: s.empty(),
  response: s.object({
    inviteCode: s.string(),
    invitePath: s.string({ description: "The invite link's path and query on the brand's site, e.g. /?i_code=AB12CD34" }),
    memberNum: s.integer({ minimum: 0, description: 'Members registered through the code, ever' }),
  }),
});

/**
 * The proxy page-view event (spec section 9): a visitor landed with an invite code; the site
 * sends it 500 ms later. Counted once per visitor and code owner an hour; an IP address
 * sending more than 120 events an hour is refused with tooManyRequests.
 */
export const invitePageView = defineCall({
  name: 'invitePageView',
  group: 'member',
  path: '/member/v1/invite/page_view',
  style: 'json',
  auth: 'optional',
  summary: 'Proxy page-view event: a page opened with an invite or referral code',
  request: s.object({
    inviteCode: s.optional(code('i_code of the URL')),
    referralCode: s.optional(code('r_code of the URL')),
    path: s.string({ maxLength: 200, pattern: '^/', description: 'The page opened (path only)' }),
  }),
  response: s.object({ counted: s.boolean({ description: 'False when the code is nobody\'s, or this visitor (its device or IP address) was counted for the code\'s owner within the hour' }) }),
});

/** A tier of the invite activity: people invited, or deposits of invited friends. */
const AwardTier = s.object({
  threshold: s.integer({ minimum: 1, description: 'Qualified friends (people list) or their deposits in minor units (deposit list)' }),
  rewardMinor: minor('The tier\'s award'),
  reached: s.boolean(),
  paid: s.boolean(),
});

/** The invite-friend activity's page (spec section 3 "Invite"). */
export const InviteFriendInfo = s.object({
  activityId: s.integer(),
  title: s.string(),
  status: s.integer({ minimum: 0, maximum: 2, description: 'Activity status (spec section 4): 0 NotStart, 1 Pending, 2 End' }),
  startsAt: time('the activity starts'),
  endsAt: time('the activity ends'),
  termsText: s.string({ description: 'Plain text' }),
  termsVersion: s.integer({ minimum: 1 }),
  rewardFee: minor('Paid to the inviter per qualified friend'),
  qualifyDepositMinor: minor('A friend qualifies once its confirmed deposits reach this'),
  inviteeRewardMinor: minor('Paid once to a qualified friend itself'),
  reInvite: s.boolean({ description: 'Recalling a friend (a message to its inbox) is on' }),
  memberNum: s.integer({ minimum: 0, description: 'Friends the member invited since the activity started' }),
  qualifiedNum: s.integer({ minimum: 0 }),
  peopleAwardList: s.array(AwardTier),
  depositAwardList: s.array(AwardTier),
  inviterApplyStatus: s.integer({ minimum: 0, maximum: 2, description: '0 nothing to apply for, 1 awards due, 2 every award reached is paid' }),
  inviteeApplyStatus: s.integer({ minimum: 0, maximum: 2, description: '0 not an invited friend or not qualified yet, 1 may apply, 2 applied' }),
  dueMinor: minor('What the inviter would receive by applying now'),
  wallet: s.enum(['centre', 'bonus'] as const),
});
export type InviteFriendInfo = Infer<typeof InviteFriendInfo>;

export const inviteFriendInfo = defineCall({
  name: 'inviteFriendInfo',
  group: 'activities',
  path: '/activity_api/invite_friend/info',
  style: 'query',
  auth: 'optional',
  summary: "The invite-friend activity (the brand's live one unless named): reward fee, tiers, the member's counts and apply statuses",
  request: s.object({ activityId: s.optional(activityId) }),
  response: InviteFriendInfo,
});

export const inviteFriendList = defineCall({
  name: 'inviteFriendList',
  group: 'activities',
  path: '/activity_api/invite_friend/friends',
  style: 'query',
  auth: 'member',
  summary: "The member's own invited friends, newest first: deposits, turnover, reward state",
  request: s.object({
    page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })),
    size: s.optional(s.integer({ minimum: 1, maximum: 50 })),
  }),
  response: s.object({ list: s.array(InvitedMember), total: s.integer({ minimum: 0 }) }),
});

const ApplyResult = s.object({
  activityId: s.integer(),
  paidMinor: minor('Paid by this apply (0 when it repeats an earlier one)'),
  awards: s.array(s.object({ claimKey: s.string(), amountMinor: minor('One award') })),
  wallet: s.enum(['centre', 'bonus'] as const),
});

/** The inviter applies: every award due (per qualified friend, people and deposit tiers) paid by the promotion engine. */
export const inviteFriendApply = defineCall({
  name: 'inviteFriendApply',
  group: 'activities',
  path: '/activity_api/invite_friend/apply',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: "Inviter: receive every invite award due, from the activity's budget (idempotent)",
  request: s.object({ activityId, termsVersion }),
  response: ApplyResult,
});

/** The invited friend applies for its own reward once qualified. */
export const inviteeApply = defineCall({
  name: 'inviteeApply',
  group: 'activities',
  path: '/activity_api/invite_friend/invitee_apply',
  style: 'json',
  auth: 'member',
  movesMoney: true,
  summary: "Invited friend: receive the invitee reward once, from the activity's budget (idempotent)",
  request: s.object({ activityId, termsVersion }),
  response: ApplyResult,
});

/** Recall a friend: a message in the friend's inbox, once a day per friend. */
export const inviteRecall = defineCall({
  name: 'inviteRecall',
  group: 'activities',
  path: '/activity_api/invite_friend/recall',
  style: 'json',
  auth: 'member',
  summary: 'Recall an invited friend: a message to its inbox (once a day per friend)',
  request: s.object({ activityId, memberId: s.integer({ minimum: 1, maximum: SAFE_INTEGER_MAX, description: "The friend's member id (from the member's own list)" }) }),
  response: s.object({ recalledAt: time('recalled') }),
});

/** The member-move config (spec section 3): where members register and download, per brand. */
export const MemberMoveConfig = s.object({
  popStatus: s.integer({ minimum: 0, maximum: 1, description: '1: the site shows the move pop-up (go to the new home, download the app)' }),
  h5RegisterUrl: s.string(),
  webRegisterUrl: s.string(),
  appDownloadUrl: s.string(),
  appUpdateUrl: s.string(),
  sportsAppDownloadUrl: s.string(),
  sportsAppUpdateUrl: s.string(),
  simpleAppDownloadUrl: s.string(),
  simpleAppUpdateUrl: s.string(),
  windowsDownloadUrl: s.string(),
  macDownloadUrl: s.string(),
  homeUrlList: s.array(s.string()),
  h5HomeUrlList: s.array(s.string()),
});
export type MemberMoveConfig = Infer<typeof MemberMoveConfig>;

export const memberMoveConfig = defineCall({
  name: 'memberMoveConfig',
  group: 'site',
  path: '/site/v1/member_move/config',
  style: 'query',
  auth: 'none',
  summary: "The brand's member-move config: popStatus, register URLs, app / sports app / simple app download and update URLs, home URL lists",
  request: s.empty(),
  response: MemberMoveConfig,
});

/** Operator: the agent applications of a brand. */
export const opsAgentApplications = defineCall({
  name: 'opsAgentApplications',
  group: 'operator',
  path: '/ops/v1/agent/applications',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: agent applications of a brand, newest first',
  request: s.object({ siteId: s.integer({ minimum: 1, maximum: INT4_MAX }), state: s.optional(s.enum(['pending', 'approved', 'rejected'] as const)) }),
  response: s.object({ list: s.array(AgentApplication) }),
});

/** Operator: approve (the member becomes an agent) or reject an application. */
export const opsAgentDecide = defineCall({
  name: 'opsAgentDecide',
  group: 'operator',
  path: '/ops/v1/agent/decide',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: approve or reject a pending agent application',
  request: s.object({
    id: s.integer({ minimum: 1, maximum: SAFE_INTEGER_MAX }),
    approve: s.boolean(),
    reason: s.optional(s.string({ maxLength: 500, description: 'Plain text' })),
  }),
  response: AgentApplication,
});

/** Operator: a brand's agent settings and member-move config. */
export const opsAgentSettings = defineCall({
  name: 'opsAgentSettings',
  group: 'operator',
  path: '/ops/v1/agent/settings',
  style: 'json',
  auth: 'operator',
  summary: "Operator: a brand's commission rate, forced agent migration switch and member-move config (fields absent stay)",
  request: s.object({
    siteId: s.integer({ minimum: 1, maximum: INT4_MAX }),
    commissionRateBp: s.optional(s.integer({ minimum: 0, maximum: 10_000 })),
    forcedMigration: s.optional(s.string({ maxLength: 16, pattern: '^[0-9A-Za-z]*$' })),
    memberMove: s.optional(MemberMoveConfig),
  }),
  response: s.object({ siteId: s.integer(), commissionRateBp: s.integer(), forcedMigration: s.string(), memberMove: MemberMoveConfig }),
});
