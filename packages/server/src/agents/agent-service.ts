import type { AgentApplication, AgentFigures, MemberMoveConfig } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { hitRates } from '../http/rate-limit.js';
import { codeOwner } from './invitations.js';
import { commissionOf, monthWindow } from './months.js';

/** The commission rate when the operator set none: 0.5% of valid bets (docs/AGENTS.md "Commission"). */
export const DEFAULT_COMMISSION_RATE_BP = 50;

const APPLICATION_COLUMNS = `a.id, a.member_id AS "memberId", m.name AS "memberName", a.state, a.contact, a.note, a.reason,
  a.created_at AS "createdAt", a.decided_at AS "decidedAt"`;

type ApplicationRow = Omit<AgentApplication, 'createdAt' | 'decidedAt' | 'id' | 'memberId'> & { id: string | number; memberId: string | number; createdAt: Date; decidedAt: Date | null };
const applicationOf = (row: ApplicationRow): AgentApplication => ({
  ...row, id: Number(row.id), memberId: Number(row.memberId), createdAt: row.createdAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** The member's latest agent application, or null. */
export async function latestApplication(q: Queryable, memberId: number): Promise<AgentApplication | null> {
  const { rows } = await q.query<ApplicationRow>(
    `SELECT ${APPLICATION_COLUMNS} FROM agent_applications a JOIN members m ON m.id = a.member_id WHERE a.member_id = $1 ORDER BY a.id DESC LIMIT 1`,
    [memberId],
  );
  return rows[0] ? applicationOf(rows[0]) : null;
}

export async function isAgent(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query<{ is_agent: boolean }>('SELECT is_agent FROM members WHERE id = $1', [memberId]);
  return rows[0]?.is_agent === true;
}

/** Applies to become an agent: refused for an agent (agentAlreadyAgent) or while one application is pending (agentApplicationPending). */
export async function applyForAgent(q: Queryable, member: { id: number; siteId: number }, input: { contact: string; note?: string | undefined }, now: Date): Promise<AgentApplication> {
  if (await isAgent(q, member.id)) throw new BusinessError('agentAlreadyAgent', 'the member is an agent already');
  const contact = input.contact.trim();
  if (!contact) throw new BusinessError('invalidField', 'contact: must not be blank');
  const inserted = await q.query<{ id: string | number }>(
    `INSERT INTO agent_applications (member_id, site_id, contact, note, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id) WHERE state = 'pending' DO NOTHING RETURNING id`,
    [member.id, member.siteId, contact, (input.note ?? '').trim(), now],
  );
  if (!inserted.rows[0]) throw new BusinessError('agentApplicationPending', 'an application of this member is under review');
  return (await latestApplication(q, member.id))!;
}

/** The brand's applications, newest first (at most 200). */
export async function applicationsOf(q: Queryable, siteId: number, state?: AgentApplication['state']): Promise<AgentApplication[]> {
  const { rows } = await q.query<ApplicationRow>(
    `SELECT ${APPLICATION_COLUMNS} FROM agent_applications a JOIN members m ON m.id = a.member_id
      WHERE a.site_id = $1 AND ($2::text IS NULL OR a.state = $2) ORDER BY a.id DESC LIMIT 200`,
    [siteId, state ?? null],
  );
  return rows.map(applicationOf);
}

/** The operator decides a pending application; an approval makes the member an agent. */
export async function decideApplication(q: Queryable, input: { id: number; approve: boolean; reason?: string | undefined; actor: string }, now: Date): Promise<AgentApplication> {
  const { rows } = await q.query<{ member_id: string | number; state: string }>('SELECT member_id, state FROM agent_applications WHERE id = $1 FOR UPDATE', [input.id]);
  const row = rows[0];
  if (!row) throw new BusinessError('agentApplicationNotFound', `no agent application ${input.id}`);
  if (row.state !== 'pending') throw new BusinessError('agentApplicationDecided', `application ${input.id} is ${row.state}`);
  await q.query('UPDATE agent_applications SET state = $2, reason = $3, decided_at = $4, decided_by = $5 WHERE id = $1', [
    input.id, input.approve ? 'approved' : 'rejected', (input.reason ?? '').trim(), now, input.actor,
  ]);
  if (input.approve) await q.query('UPDATE members SET is_agent = true WHERE id = $1', [row.member_id]);
  return (await latestApplication(q, Number(row.member_id)))!;
}

export interface AgentSettings {
  commissionRateBp: number;
  forcedMigration: string;
  memberMove: MemberMoveConfig | null;
}

/** The brand's agent settings (the defaults when the operator set none). */
export async function agentSettingsOf(q: Queryable, siteId: number): Promise<AgentSettings> {
  const { rows } = await q.query<{ commission_rate_bp: number; forced_migration: string; member_move: MemberMoveConfig | null }>(
    'SELECT commission_rate_bp, forced_migration, member_move FROM agent_settings WHERE site_id = $1',
    [siteId],
  );
  const row = rows[0];
  return row
    ? { commissionRateBp: Number(row.commission_rate_bp), forcedMigration: row.forced_migration, memberMove: row.member_move }
    : { commissionRateBp: DEFAULT_COMMISSION_RATE_BP, forcedMigration: '0', memberMove: null };
}

/** Sets the brand's agent settings; fields absent stay as they are. */
export async function setAgentSettings(q: Queryable, siteId: number, patch: Partial<AgentSettings>): Promise<AgentSettings> {
  const current = await agentSettingsOf(q, siteId);
  const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) } as AgentSettings;
  await q.query(
    `INSERT INTO agent_settings (site_id, commission_rate_bp, forced_migration, member_move) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id) DO UPDATE SET commission_rate_bp = EXCLUDED.commission_rate_bp, forced_migration = EXCLUDED.forced_migration, member_move = EXCLUDED.member_move`,
    [siteId, next.commissionRateBp, next.forcedMigration, next.memberMove === null ? null : JSON.stringify(next.memberMove)],
  );
  return next;
}

/**
 * An agent's own figures for a Beijing month (docs/AGENTS.md "Commission"): the members
 * registered through its codes, their confirmed deposits (deposit orders completed, state 104)
 * and valid bets of settled bet records in the month, and the commission owed: turnover × the
 * brand's rate in basis points, rounded down to the fen. agentNotAgent for a member who is not one.
 */
export async function figuresOf(q: Queryable, member: { id: number; siteId: number }, month: string | undefined, now: Date): Promise<AgentFigures> {
  if (!(await isAgent(q, member.id))) throw new BusinessError('agentNotAgent', 'the member is not an agent');
  const window = monthWindow(month, now);
  const { rows } = await q.query<{ total: string | number; in_period: string | number; depositing: string | number; deposits: string | number; turnover: string | number; views: string | number }>(
    `WITH invited AS (SELECT invitee_id, created_at FROM member_invitations WHERE inviter_id = $1)
     SELECT (SELECT count(*) FROM invited) AS total,
       (SELECT count(*) FROM invited WHERE created_at >= $2 AND created_at < $3) AS in_period,
       (SELECT count(DISTINCT d.member_id) FROM deposit_orders d JOIN invited i ON i.invitee_id = d.member_id WHERE d.state = 104 AND d.updated_at >= $2 AND d.updated_at < $3) AS depositing,
       (SELECT coalesce(sum(d.amount_minor), 0) FROM deposit_orders d JOIN invited i ON i.invitee_id = d.member_id WHERE d.state = 104 AND d.updated_at >= $2 AND d.updated_at < $3) AS deposits,
       (SELECT coalesce(sum(b.valid_bet_minor), 0) FROM game_bets b JOIN invited i ON i.invitee_id = b.member_id WHERE b.status = 'settled' AND b.settled_at >= $2 AND b.settled_at < $3) AS turnover,
       (SELECT count(*) FROM invite_page_views WHERE owner_id = $1 AND created_at >= $2 AND created_at < $3) AS views`,
    [member.id, window.from, window.to],
  );
  const row = rows[0]!;
  const { commissionRateBp } = await agentSettingsOf(q, member.siteId);
  const turnoverMinor = Number(row.turnover);
  return {
    periodFrom: window.from.toISOString(), periodTo: window.to.toISOString(),
    invitedTotal: Number(row.total), invitedInPeriod: Number(row.in_period), depositingMembers: Number(row.depositing),
    depositsMinor: Number(row.deposits), turnoverMinor, commissionRateBp,
    commissionMinor: commissionOf(turnoverMinor, commissionRateBp), pageViews: Number(row.views),
  };
}

/** Proxy page-view events one IP address may send an hour (our choice); more are tooManyRequests and count nothing. */
export const PAGE_VIEW_EVENTS_PER_IP_PER_HOUR = 120;
const HOUR_MS = 3_600_000;
/** A visitor counts once per code owner within this window (fixed hours of the clock): the device or the IP seen again is the same visitor. */
export const PAGE_VIEW_DEDUP_WINDOW_MS = HOUR_MS;

/**
 * Counts one proxy page view for the owner of the invite code (else the referral code), at
 * most once per visitor and owner within the hour: a view whose device id or IP address was
 * already counted for that owner in the window counts nothing (visitors sharing an address
 * count once: the figure errs low, never high). Anyone may call it, so the IP address is
 * limited first (PAGE_VIEW_EVENTS_PER_IP_PER_HOUR, then tooManyRequests). False when nobody
 * owns either code or the visitor was counted already.
 */
export async function countPageView(
  q: Queryable,
  siteId: number,
  input: { inviteCode?: string | undefined; referralCode?: string | undefined; path: string },
  visitor: { ip: string; deviceId: string },
  now: Date,
): Promise<boolean> {
  const [fromIp] = await hitRates(q, [{ key: `invite-view:ip:${visitor.ip}`, windowMs: HOUR_MS }], now.getTime());
  if (fromIp! > PAGE_VIEW_EVENTS_PER_IP_PER_HOUR) throw new BusinessError('tooManyRequests', `at most ${PAGE_VIEW_EVENTS_PER_IP_PER_HOUR} page-view events an hour from one address`);
  const owner = (await codeOwner(q, siteId, input.inviteCode)) ?? (await codeOwner(q, siteId, input.referralCode));
  if (owner === null) return false;
  // One statement adds both hits, so two views of one visitor sent at once cannot both count.
  const seen = await hitRates(q, [
    { key: `invite-view:${owner}:ip:${visitor.ip}`, windowMs: PAGE_VIEW_DEDUP_WINDOW_MS },
    { key: `invite-view:${owner}:device:${visitor.deviceId}`, windowMs: PAGE_VIEW_DEDUP_WINDOW_MS },
  ], now.getTime());
  if (seen.some((hits) => hits > 1)) return false;
  await q.query('INSERT INTO invite_page_views (owner_id, path, created_at) VALUES ($1, $2, $3)', [owner, input.path, now]);
  return true;
}

/**
 * The brand's member-move config: the operator's, else one made from the brand's domains
 * (home URL lists, register URLs) and its download app key's client URLs.
 */
export async function memberMoveOf(q: Queryable, siteId: number, domainUrls: readonly string[]): Promise<MemberMoveConfig> {
  const settings = await agentSettingsOf(q, siteId);
  if (settings.memberMove) return settings.memberMove;
  const { rows } = await q.query<{ platform: string; url: string }>(
    `SELECT u.platform, u.url FROM download_urls u JOIN download_app_keys k ON k.app_key = u.app_key
      WHERE k.site_id = $1 AND k.enabled ORDER BY k.app_key`,
    [siteId],
  );
  const url = (platform: string) => rows.find((row) => row.platform === platform)?.url ?? '';
  const home = domainUrls[0] ?? '';
  return {
    popStatus: 0,
    h5RegisterUrl: home ? `${home.replace(/\/$/, '')}/?register=h5` : '',
    webRegisterUrl: home ? `${home.replace(/\/$/, '')}/app/home?register=1` : '',
    appDownloadUrl: url('android'), appUpdateUrl: url('android'),
    sportsAppDownloadUrl: '', sportsAppUpdateUrl: '', simpleAppDownloadUrl: url('ios'), simpleAppUpdateUrl: url('ios'),
    windowsDownloadUrl: url('windows'), macDownloadUrl: url('mac'),
    homeUrlList: [...domainUrls], h5HomeUrlList: [...domainUrls],
  };
}
