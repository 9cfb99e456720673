#!/usr/bin/env node
// `npm run ops -- <command> ...`: the back office's order actions over the operator API
// (/ops/v1/...), so every state of every deposit and withdrawal can be reached by hand.
// Signs each request like any client and sends the operator token in x-token.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

const USAGE = `usage: npm run ops -- <command> [args] [--url http://localhost:3000] [--token T] [--site 4]

  whoami                                     check the operator token
  list [--member NAME] [--kind deposit|withdrawal] [--state N] [--limit N]
  deposit confirm|reject|expire <billNo> [--note TEXT]
  withdrawal match|pay|complete|freeze|unfreeze|expire <drawBillNo> [--note TEXT]
  withdrawal source <billNo> <0|1|2>         0 normal, 1 manual, 2 special
  sandbox-pay <billNo> [--fail] [--twice] [--delay MS]
                                             the sandbox provider settles a deposit and sends its signed callback
  feedback list [--member NAME] [--waiting] [--limit N]
                                             member feedback, newest first (--waiting: not replied yet)
  feedback reply <id> <text>                 reply to a feedback (a second reply replaces the first)
  yuebao open|close                          open or close yuebao on the brand of --site
  channel <payTypeId> open|maintenance|disabled|unstaffed
                                             a pay channel's state on the brand of --site (depositPay refuses with section 8 codes)
  partner-origins list|add|remove [<origin>]
                                             the origins whose pages may embed the widgets of the brand of --site (CORS)
  games sync                                 sync the game catalogue of every venue from its provider now
  bet-sync [<venue>]                         pull transfer venues' bet records into lobby's books now (all venues with member wallets, or one)
  member show <name>                         a member of the brand of --site: id, status, live sessions, status changes
  member disable|enable <memberId> --reason TEXT
                                             disable a member's account (ends its sessions, refuses its logins and
                                             new bets; wins of bets taken before are paid) or lift the disable
  activity list [--state draft|published|paused|ended] [--limit N]
                                             the activities of the brand of --site
  activity create <file.json> [--key K]      create a draft activity from a JSON file (the fields of opsActivityCreate;
                                             siteId defaults to --site); --key makes a retry answer the first draft
  activity publish|pause|resume|end|detail <id>
  activity update <id> <file.json>           change an activity (the fields of opsActivityUpdate)
  activity preview <id> [--at ISO-TIME]      its status and claims at a time, and the page with the preview flag
  activity blacklist <memberId> on|off [--reason TEXT]
                                             exclude a member from promotions, or let it back
  commission settle <YYYY-MM>                settle a closed Beijing month on the brand of --site: pay each agent's
                                             commission into its centre wallet, once per agent and month (a rerun pays nothing more)
  commission statements [--month YYYY-MM] [--agent ID]
                                             the brand's agent commission statements (a month's, an agent's, or the latest)
  audit                                      check the ledger's invariants and the venues' books; prints what was
                                             checked and found, exits 3 when something is unsound

  --token defaults to LOBBY_OPERATOR_TOKEN, else the demo token printed by npm start;
  --sign-key to LOBBY_SIGN_KEY, else the demo key. Needs the built sdk (npm run build).
  --sandbox-clock signs at a sandbox server's clock (GET /sandbox/clock), after a test moved it forward.`;

let sdk;
try {
  sdk = await import('@lobby/sdk');
} catch {
  console.error('ops: the sdk is not built; run `npm run build` first');
  process.exit(2);
}

const DEMO_OPERATOR_TOKEN = 'lobby-demo-operator-token';

/** Splits argv into positionals and --flags (a flag followed by a non-flag takes it as value). */
function parseArgs(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) positional.push(arg);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) flags[arg.slice(2)] = argv[(i += 1)];
    else flags[arg.slice(2)] = true;
  }
  return { positional, flags };
}

const DRAW_ACTIONS = { match: 'opsWithdrawalMatch', pay: 'opsWithdrawalPay', complete: 'opsWithdrawalComplete', freeze: 'opsWithdrawalFreeze', unfreeze: 'opsWithdrawalUnfreeze', expire: 'opsWithdrawalExpire' };
const DEPOSIT_ACTIONS = { confirm: 'opsDepositConfirm', reject: 'opsDepositReject', expire: 'opsDepositExpire' };

/** The contract call and request body of a command line, or an error text. */
function commandOf({ positional, flags }) {
  const [command, action, billNo, extra] = positional;
  const note = typeof flags.note === 'string' ? { note: flags.note } : {};
  if (command === 'whoami') return { call: 'opsWhoami', body: {} };
  if (command === 'list') {
    const body = {};
    if (typeof flags.member === 'string') body.memberName = flags.member;
    if (typeof flags.kind === 'string') body.kind = flags.kind;
    if (flags.state !== undefined) body.orderState = Number(flags.state);
    if (flags.limit !== undefined) body.limit = Number(flags.limit);
    return { call: 'opsOrderList', body };
  }
  if (command === 'deposit' && DEPOSIT_ACTIONS[action] && billNo) return { call: DEPOSIT_ACTIONS[action], body: { billNo, ...note } };
  if (command === 'withdrawal' && action === 'source' && billNo && extra !== undefined) return { call: 'opsWithdrawalSource', body: { billNo, orderSource: Number(extra) } };
  if (command === 'withdrawal' && DRAW_ACTIONS[action] && billNo) return { call: DRAW_ACTIONS[action], body: { billNo, ...note } };
  if (command === 'sandbox-pay' && action) {
    const body = { billNo: action, outcome: flags.fail ? 'failed' : 'paid', duplicate: Boolean(flags.twice) };
    if (flags.delay !== undefined) body.delayMs = Number(flags.delay);
    return { call: 'opsSandboxPayment', body };
  }
  if (command === 'feedback' && action === 'list') {
    const body = {};
    if (typeof flags.member === 'string') body.memberName = flags.member;
    if (flags.waiting) body.waiting = true;
    if (flags.limit !== undefined) body.limit = Number(flags.limit);
    return { call: 'opsFeedbackList', body };
  }
  if (command === 'feedback' && action === 'reply' && billNo && /^[1-9][0-9]*$/.test(billNo) && extra !== undefined) {
    return { call: 'opsFeedbackReply', body: { id: Number(billNo), replyContent: extra } };
  }
  if (command === 'yuebao' && (action === 'open' || action === 'close') && billNo === undefined) {
    return { call: 'opsYuebaoStatus', body: { siteId: typeof flags.site === 'string' ? Number(flags.site) : sdk.DEFAULT_SITE_ID, status: action === 'open' ? 1 : 0 } };
  }
  if (command === 'channel' && action && /^[0-9]+$/.test(action) && ['open', 'maintenance', 'disabled', 'unstaffed'].includes(billNo) && extra === undefined) {
    return { call: 'opsPayChannelState', body: { siteId: typeof flags.site === 'string' ? Number(flags.site) : sdk.DEFAULT_SITE_ID, payTypeId: action, state: billNo } };
  }
  if (command === 'partner-origins') {
    const siteId = typeof flags.site === 'string' ? Number(flags.site) : sdk.DEFAULT_SITE_ID;
    if (action === 'list' && billNo === undefined) return { call: 'opsPartnerOriginList', body: { siteId } };
    if (action === 'add' && billNo && extra === undefined) return { call: 'opsPartnerOriginAdd', body: { siteId, origin: billNo } };
    if (action === 'remove' && billNo && extra === undefined) return { call: 'opsPartnerOriginRemove', body: { siteId, origin: billNo } };
  }
  if (command === 'member' && action === 'show' && billNo && extra === undefined) {
    return { call: 'opsMemberDetail', body: { siteId: typeof flags.site === 'string' ? Number(flags.site) : sdk.DEFAULT_SITE_ID, name: billNo } };
  }
  if (command === 'member' && (action === 'disable' || action === 'enable') && billNo && /^[1-9][0-9]*$/.test(billNo) && extra === undefined) {
    return { call: 'opsMemberStatus', body: { memberId: Number(billNo), disabled: action === 'disable', ...(typeof flags.reason === 'string' ? { reason: flags.reason } : {}) } };
  }
  if (command === 'activity') return activityCommand(action, billNo, extra, flags);
  if (command === 'commission') return commissionCommand(action, billNo, extra, flags);
  if (command === 'audit' && action === undefined) return { call: 'opsAudit', body: {} };
  if (command === 'games' && action === 'sync' && billNo === undefined) return { call: 'opsGameSync', body: {} };
  if (command === 'bet-sync' && billNo === undefined) return { call: 'opsBetSync', body: action === undefined ? {} : { venueCode: action } };
  return { error: command ? `ops: cannot read "${positional.join(' ')}"` : '' };
}

const ACTIVITY_MOVES = { publish: 'opsActivityPublish', pause: 'opsActivityPause', resume: 'opsActivityResume', end: 'opsActivityEnd', detail: 'opsActivityDetail' };

/** A JSON object read from a file, or an error text. */
function jsonFile(path) {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { value } : { error: `ops: ${path} must hold a JSON object` };
  } catch (failure) {
    return { error: `ops: cannot read ${path}: ${failure.message}` };
  }
}

/** `activity ...`: the activity desk (docs/PROMOTIONS.md). */
function activityCommand(action, first, second, flags) {
  const siteId = typeof flags.site === 'string' ? Number(flags.site) : sdk.DEFAULT_SITE_ID;
  const id = /^[1-9][0-9]*$/.test(first ?? '') ? Number(first) : undefined;
  if (action === 'list' && first === undefined) {
    const body = { siteId };
    if (typeof flags.state === 'string') body.state = flags.state;
    if (flags.limit !== undefined) body.limit = Number(flags.limit);
    return { call: 'opsActivityList', body };
  }
  if (action === 'create' && first && second === undefined) {
    const file = jsonFile(first);
    if (file.error) return { error: file.error };
    return { call: 'opsActivityCreate', body: { siteId, ...file.value }, key: typeof flags.key === 'string' ? flags.key : randomUUID() };
  }
  if (action === 'update' && id && second) {
    const file = jsonFile(second);
    if (file.error) return { error: file.error };
    return { call: 'opsActivityUpdate', body: { ...file.value, id } };
  }
  if (ACTIVITY_MOVES[action] && id && second === undefined) return { call: ACTIVITY_MOVES[action], body: { id } };
  if (action === 'preview' && id && second === undefined) return { call: 'opsActivityPreview', body: typeof flags.at === 'string' ? { id, at: flags.at } : { id } };
  if (action === 'blacklist' && id && (second === 'on' || second === 'off')) {
    return { call: 'opsActivityBlacklist', body: { memberId: id, blacklisted: second === 'on', ...(typeof flags.reason === 'string' ? { reason: flags.reason } : {}) } };
  }
  return { error: `ops: cannot read "activity ${[action, first, second].filter((word) => word !== undefined).join(' ')}"` };
}

/** `commission ...`: the agents' commission settlement (docs/AGENTS.md "Settlement"). */
function commissionCommand(action, month, extra, flags) {
  const siteId = typeof flags.site === 'string' ? Number(flags.site) : sdk.DEFAULT_SITE_ID;
  if (action === 'settle' && month && extra === undefined) return { call: 'opsAgentCommissionSettle', body: { siteId, month } };
  if (action === 'statements' && month === undefined) {
    const body = { siteId };
    if (typeof flags.month === 'string') body.month = flags.month;
    if (flags.agent !== undefined) body.agentId = Number(flags.agent);
    return { call: 'opsAgentCommissionStatements', body };
  }
  return { error: `ops: cannot read "commission ${[action, month, extra].filter((word) => word !== undefined).join(' ')}"` };
}

/** The audit answer as a report, one line per check and one per finding. */
function auditReport({ sound, checkedAt, checks }) {
  const lines = [`audit at ${checkedAt}: ${sound ? 'SOUND' : 'UNSOUND'} (${checks.filter((c) => c.sound).length} of ${checks.length} checks hold)`];
  for (const check of checks) {
    lines.push(`  ${check.sound ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.checked}`);
    for (const finding of check.findings) lines.push(`          ${finding}`);
  }
  return lines.join('\n');
}

/** The time to sign at: the machine's, or with --sandbox-clock the sandbox server's (its clock may run ahead). */
async function signingTime(options) {
  if (!options.sandboxClock) return Date.now();
  const clock = await (await fetch(new URL('/sandbox/clock', options.url))).json();
  if (typeof clock?.data?.nowMs !== 'number') throw new Error('the server has no sandbox clock');
  return clock.data.nowMs;
}

/** Sends one signed operator call; answers the envelope. */
async function send(call, body, options) {
  const text = JSON.stringify(body);
  const timestamp = String(await signingTime(options));
  const nonce = randomBytes(12).toString('hex');
  const deviceId = 'ops-cli';
  const { HEADER } = sdk;
  const response = await fetch(new URL(call.path, options.url), {
    method: call.method,
    headers: {
      'content-type': 'application/json',
      ...sdk.signedHeaders({ method: call.method, pathWithQuery: call.path, timestamp, nonce, deviceId, body: text, signKey: options.signKey, siteId: options.site }),
      [HEADER.token]: options.token,
      ...(call.movesMoney ? { [HEADER.idempotencyKey]: options.key ?? randomUUID() } : {}),
    },
    body: text,
  });
  return response.json();
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { call: name, body, error, key } = commandOf(args);
  if (!name) {
    if (error) console.error(error);
    console.error(USAGE);
    return error === undefined || error === '' ? (args.flags.help ? 0 : 2) : 2;
  }
  const options = {
    url: typeof args.flags.url === 'string' ? args.flags.url : process.env.LOBBY_URL || 'http://localhost:3000',
    token: typeof args.flags.token === 'string' ? args.flags.token : process.env.LOBBY_OPERATOR_TOKEN || DEMO_OPERATOR_TOKEN,
    signKey: typeof args.flags['sign-key'] === 'string' ? args.flags['sign-key'] : process.env.LOBBY_SIGN_KEY || sdk.DEMO_SIGN_KEY,
    site: typeof args.flags.site === 'string' ? Number(args.flags.site) : sdk.DEFAULT_SITE_ID,
    sandboxClock: Boolean(args.flags['sandbox-clock']),
    key,
  };
  let envelope;
  try {
    envelope = await send(sdk[name], body, options);
  } catch (failure) {
    console.error(`ops: cannot reach ${options.url}: ${failure.message}`);
    return 1;
  }
  if (envelope.code !== 0) {
    console.error(`ops: refused ${envelope.code} ${sdk.codeName(envelope.code) ?? ''}: ${envelope.msg}`);
    return 1;
  }
  if (name === 'opsAudit') {
    console.log(auditReport(envelope.data));
    return envelope.data.sound ? 0 : 3;
  }
  console.log(JSON.stringify(envelope.data, null, 2));
  return 0;
}

process.exitCode = await main();
