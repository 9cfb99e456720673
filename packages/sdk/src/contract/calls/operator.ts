import { defineCall } from '../call.js';
import { INT4_MAX, s, type Infer } from '../schema.js';

/**
 * The operator API (issue 3, item 11): what a back office does to orders, under /ops/v1/.
 * Every call needs an operator token in x-token (`auth: 'operator'`); `npm run ops` and
 * tests use it to reach every state of every order. Amounts are yuan (2 decimals).
 */

/** The operator behind the token, to check a token. */
export const opsWhoami = defineCall({
  name: 'opsWhoami',
  group: 'operator',
  path: '/ops/v1/whoami',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: who am I (checks the operator token)',
  request: s.empty(),
  response: s.object({ id: s.integer({ minimum: 1 }), name: s.string() }),
});

const billNo = s.string({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' });

/** What an operator sees of one order (a deposit, or one withdrawal draw). */
export const OpsOrder = s.object({
  kind: s.enum(['deposit', 'withdrawal'] as const),
  billNo: s.string(),
  orderBillNo: s.string({ description: 'The withdrawal order a draw belongs to (the billNo itself for deposits)' }),
  memberId: s.integer(),
  memberName: s.string(),
  orderState: s.integer(),
  statusName: s.string(),
  amount: s.number(),
  currency: s.enum(['RMB', 'USDT'] as const),
  orderSource: s.integer(),
  note: s.string({ description: 'Appeal text, reject reason or urge count, as plain text' }),
  createdAt: s.string({ description: 'ISO 8601 time' }),
});
export type OpsOrder = Infer<typeof OpsOrder>;

/** One action on one order; refused with illegalTransition when the state does not allow it. */
function orderAction<const N extends string>(name: N, path: string, summary: string) {
  return defineCall({ name, group: 'operator', path, style: 'json', auth: 'operator', summary, request: s.object({ billNo, note: s.optional(s.string({ maxLength: 200 })) }), response: OpsOrder });
}

/** Deposit: confirm receipt (101 or 102 -> 104), crediting the centre wallet. */
export const opsDepositConfirm = orderAction('opsDepositConfirm', '/ops/v1/deposit/confirm', 'Operator: confirm a deposit (credits the member)');
/** Deposit: reject (101 or 102 -> 103). */
export const opsDepositReject = orderAction('opsDepositReject', '/ops/v1/deposit/reject', 'Operator: reject a deposit');
/** Deposit: expire now (101 -> 105). */
export const opsDepositExpire = orderAction('opsDepositExpire', '/ops/v1/deposit/expire', 'Operator: expire a deposit pending payment');
/** Draw: matched with a payer (4011 -> 4012). */
export const opsWithdrawalMatch = orderAction('opsWithdrawalMatch', '/ops/v1/withdrawal/match', 'Operator: match a withdrawal draw');
/** Draw: the payer paid; the member must confirm (4012 -> 4013, matchResult 1). */
export const opsWithdrawalPay = orderAction('opsWithdrawalPay', '/ops/v1/withdrawal/pay', 'Operator: mark a draw paid (to be confirmed)');
/** Draw: complete (4013 or 4014 -> 4015), the locked amount leaves to the payout. */
export const opsWithdrawalComplete = orderAction('opsWithdrawalComplete', '/ops/v1/withdrawal/complete', 'Operator: complete a draw (releases the lock)');
/** Draw: freeze (4011, 4012, 4013 -> 4014). */
export const opsWithdrawalFreeze = orderAction('opsWithdrawalFreeze', '/ops/v1/withdrawal/freeze', 'Operator: freeze a draw');
/** Draw: unfreeze to matching again (4014 -> 4011). */
export const opsWithdrawalUnfreeze = orderAction('opsWithdrawalUnfreeze', '/ops/v1/withdrawal/unfreeze', 'Operator: unfreeze a draw');
/** Draw: expire (4011, 4012, 4014 -> 4016), the locked amount returns to the member. */
export const opsWithdrawalExpire = orderAction('opsWithdrawalExpire', '/ops/v1/withdrawal/expire', 'Operator: expire a draw (returns the lock)');

/** Marks a withdrawal order (all its draws) as handled by hand: source 1 manual, 2 special, 0 normal. */
export const opsWithdrawalSource = defineCall({
  name: 'opsWithdrawalSource',
  group: 'operator',
  path: '/ops/v1/withdrawal/source',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: set the order source of a withdrawal (0 normal, 1 manual, 2 special)',
  request: s.object({ billNo, orderSource: s.enum([0, 1, 2] as const) }),
  response: s.object({ billNo: s.string(), orderSource: s.integer(), draws: s.integer() }),
});

/** Orders, newest first, filtered by member name, kind or state. */
export const opsOrderList = defineCall({
  name: 'opsOrderList',
  group: 'operator',
  path: '/ops/v1/orders',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: list deposit orders and withdrawal draws',
  request: s.object({
    memberName: s.optional(s.string({ minLength: 1, maxLength: 32 })),
    kind: s.optional(s.enum(['deposit', 'withdrawal'] as const)),
    orderState: s.optional(s.integer({ minimum: 0, maximum: 99_999 })),
    limit: s.optional(s.integer({ minimum: 1, maximum: 200 })),
  }),
  response: s.object({ list: s.array(OpsOrder) }),
});

/**
 * Sandbox only: the sandbox payment provider settles a deposit's payment and sends its
 * signed callback (twice with `duplicate`, after `delayMs`). Answers each delivery.
 */
export const opsSandboxPayment = defineCall({
  name: 'opsSandboxPayment',
  group: 'operator',
  path: '/ops/v1/sandbox/payment',
  style: 'json',
  auth: 'operator',
  summary: 'Operator (sandbox provider): settle a payment and send its callback',
  request: s.object({
    billNo,
    outcome: s.enum(['paid', 'failed'] as const),
    duplicate: s.optional(s.boolean()),
    delayMs: s.optional(s.integer({ minimum: 0, maximum: 10_000 })),
  }),
  response: s.object({ deliveries: s.array(s.object({ httpStatus: s.integer(), result: s.string() })) }),
});

/** The states of a pay channel an operator sets (open is the default). */
export const PAY_CHANNEL_STATES = ['open', 'maintenance', 'disabled', 'unstaffed'] as const;

/**
 * A pay channel's state on one brand: maintenance (fast-to-card: its receiving banks; the
 * deposit is refused with noAvailable 244063, another channel with recommendPayment 244666
 * naming the recommended one), disabled (244300, and the channel leaves payChannels) or
 * unstaffed (an agent-handled channel, big recharge, with nobody on duty: noLabor 244098).
 */
export const opsPayChannelState = defineCall({
  name: 'opsPayChannelState',
  group: 'operator',
  path: '/ops/v1/pay_channel/state',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: set a pay channel of a brand open, in maintenance, disabled or unstaffed',
  request: s.object({ siteId: s.integer({ minimum: 1, maximum: INT4_MAX }), payTypeId: s.string({ minLength: 1, maxLength: 10, pattern: '^[0-9]+$' }), state: s.enum(PAY_CHANNEL_STATES) }),
  response: s.object({ siteId: s.integer(), payTypeId: s.string(), state: s.enum(PAY_CHANNEL_STATES) }),
});

/** One check of an audit: what it checked, whether it held, and what it found when not. */
export const OpsAuditCheck = s.object({
  name: s.string({ description: 'e.g. ledger.sumsZero, venues.booksMatchVenue' }),
  checked: s.string({ description: 'What was checked, in a sentence' }),
  sound: s.boolean(),
  findings: s.array(s.string(), { description: 'One line per account or transfer that breaks the rule (empty when sound)' }),
});
export type OpsAuditCheck = Infer<typeof OpsAuditCheck>;

/**
 * Audits the books: the ledger's invariants (balances sum to zero per currency, no member
 * balance below zero, every balance the sum of its transfers) and the venues' books
 * (clearing holds exactly the transfers in flight, member venue wallets equal the venue's
 * balances, nothing pending past its time). `sound` is false when any check fails;
 * `npm run ops -- audit` prints it and exits non-zero then.
 */
export const opsAudit = defineCall({
  name: 'opsAudit',
  group: 'operator',
  path: '/ops/v1/audit',
  style: 'json',
  auth: 'operator',
  summary: "Operator: audit the ledger's invariants and the venues' books",
  request: s.empty(),
  response: s.object({ sound: s.boolean(), checkedAt: s.string({ description: 'ISO 8601 time' }), checks: s.array(OpsAuditCheck) }),
});

/**
 * A member's account disabled by the operator (fraud, a court order, the member's own
 * request by mail), or the disable lifted. Disabling ends every session of the member at
 * once, and its chat logins with their open connections; login answers memberDisabled
 * (210005), and the seamless endpoint refuses the member's new bets (PLAYER_BLOCKED)
 * while wins and refunds of bets taken before are still paid. Lifting puts back the status
 * the member had before. Each change is kept with the operator and the reason
 * (docs/DECISIONS.md, "Disabled members").
 */
export const opsMemberStatus = defineCall({
  name: 'opsMemberStatus',
  group: 'operator',
  path: '/ops/v1/member/status',
  style: 'json',
  auth: 'operator',
  summary: "Operator: disable a member's account (ends its sessions, refuses its bets) or lift the disable; idempotent",
  request: s.object({
    memberId: s.integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    disabled: s.boolean(),
    reason: s.string({ minLength: 1, maxLength: 500, description: 'Why, for the record (plain text)' }),
  }),
  response: s.object({
    memberId: s.integer(),
    name: s.string(),
    status: s.integer({ description: 'MemberInfo.status after the call: 1 active, 2 sleeping, 3 disabled' }),
    changed: s.boolean({ description: 'false when the member already stood so (nothing was written)' }),
    sessionsEnded: s.integer({ minimum: 0, description: 'Live sessions this call ended' }),
    chatLoginsEnded: s.integer({
      minimum: 0,
      description: 'Live chat logins this call ended; their open connections are closed where the broker allows it (embedded broker, Mosquitto with dynamic security)',
    }),
  }),
});

/** One change of a member's status by an operator, as kept. */
export const OpsMemberStatusChange = s.object({
  fromStatus: s.integer(),
  toStatus: s.integer(),
  reason: s.string({ description: 'As the operator typed it (plain text)' }),
  changedBy: s.string({ description: 'operator:<name>' }),
  changedAt: s.string({ description: 'ISO 8601 time' }),
});

/** A member as the back office looks it up by name, before disabling it or lifting a disable. */
export const opsMemberDetail = defineCall({
  name: 'opsMemberDetail',
  group: 'operator',
  path: '/ops/v1/member/detail',
  style: 'json',
  auth: 'operator',
  summary: "Operator: a member of a brand by name: its id, status, live sessions and the operators' status changes",
  request: s.object({ siteId: s.integer({ minimum: 1, maximum: INT4_MAX }), name: s.string({ minLength: 1, maxLength: 32 }) }),
  response: s.object({
    memberId: s.integer(),
    siteId: s.integer(),
    name: s.string(),
    status: s.integer({ description: 'MemberInfo.status: 1 active, 2 sleeping, 3 disabled' }),
    statusName: s.enum(['active', 'sleeping', 'disabled'] as const),
    createdAt: s.string({ description: 'ISO 8601 time' }),
    lastActiveAt: s.string({ description: 'ISO 8601 time' }),
    liveSessions: s.integer({ minimum: 0 }),
    statusChanges: s.array(OpsMemberStatusChange, { description: 'Newest first, at most 20' }),
  }),
});
