import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { DownloadPlatform } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** An app key as the SDK endpoints need it. */
export interface AppKeyRecord {
  appKey: string;
  siteId: number;
  agent: string;
  publicKeyPem: string;
  enabled: boolean;
  teamId: string;
  descAddr: string;
  landingUrl: string;
  createdAt: string;
}

/** A fresh 2048-bit RSA key pair: public key SPKI PEM, private key PKCS#8 PEM. */
export function newKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** A new random app key: `ak_` and 24 hex digits. */
export function newAppKey(): string {
  return `ak_${randomBytes(12).toString('hex')}`;
}

/** Stores an app key with its public key. */
export async function insertAppKey(db: Queryable, record: { appKey: string; siteId: number; agent: string; publicKeyPem: string }): Promise<void> {
  await db.query('INSERT INTO download_app_keys (app_key, site_id, agent, public_key_pem) VALUES ($1, $2, $3, $4)', [
    record.appKey,
    record.siteId,
    record.agent,
    record.publicKeyPem,
  ]);
}

const COLUMNS = `app_key AS "appKey", site_id AS "siteId", agent, public_key_pem AS "publicKeyPem", enabled, team_id AS "teamId",
  desc_addr AS "descAddr", landing_url AS "landingUrl", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

/** One app key, or undefined. */
export async function findAppKey(db: Queryable, appKey: string): Promise<AppKeyRecord | undefined> {
  const { rows } = await db.query<AppKeyRecord>(`SELECT ${COLUMNS} FROM download_app_keys WHERE app_key = $1`, [appKey]);
  return rows[0];
}

/** Every app key, oldest first. */
export async function listAppKeys(db: Queryable): Promise<AppKeyRecord[]> {
  return (await db.query<AppKeyRecord>(`SELECT ${COLUMNS} FROM download_app_keys ORDER BY created_at, app_key`)).rows;
}

/** What an operator may change on an app key; given fields replace. */
export interface AppKeyConfig {
  enabled?: boolean;
  whitelist?: string[];
  urls?: Partial<Record<DownloadPlatform, string>>;
  teamId?: string;
  descAddr?: string;
  landingUrl?: string;
}

/** Applies an operator's change in the caller's transaction. */
export async function updateAppKeyConfig(db: Queryable, appKey: string, config: AppKeyConfig): Promise<void> {
  await db.query(
    `UPDATE download_app_keys SET enabled = coalesce($2, enabled), team_id = coalesce($3, team_id),
       desc_addr = coalesce($4, desc_addr), landing_url = coalesce($5, landing_url) WHERE app_key = $1`,
    [appKey, config.enabled ?? null, config.teamId ?? null, config.descAddr ?? null, config.landingUrl ?? null],
  );
  if (config.whitelist) {
    await db.query('DELETE FROM download_whitelist WHERE app_key = $1', [appKey]);
    for (const host of new Set(config.whitelist.map((h) => h.toLowerCase()))) {
      await db.query('INSERT INTO download_whitelist (app_key, host) VALUES ($1, $2)', [appKey, host]);
    }
  }
  for (const [platform, url] of Object.entries(config.urls ?? {})) {
    if (url === undefined) continue;
    if (url === '') await db.query('DELETE FROM download_urls WHERE app_key = $1 AND platform = $2', [appKey, platform]);
    else
      await db.query(
        `INSERT INTO download_urls (app_key, platform, url) VALUES ($1, $2, $3) ON CONFLICT (app_key, platform) DO UPDATE SET url = EXCLUDED.url`,
        [appKey, platform, url],
      );
  }
}

/** Is `host` on the app key's whitelist (exact, case-insensitive). */
export async function isWhitelisted(db: Queryable, appKey: string, host: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM download_whitelist WHERE app_key = $1 AND host = $2', [appKey, host.toLowerCase()]);
  return rows.length > 0;
}

/** The app key's download URL for a platform, or undefined. */
export async function downloadUrlOf(db: Queryable, appKey: string, platform: DownloadPlatform): Promise<string | undefined> {
  const { rows } = await db.query<{ url: string }>('SELECT url FROM download_urls WHERE app_key = $1 AND platform = $2', [appKey, platform]);
  return rows[0]?.url;
}

/** The sandbox copy of a demo app key's private key (only seeded demo keys have one). */
export async function sandboxPrivateKey(db: Queryable, appKey: string): Promise<string | undefined> {
  const { rows } = await db.query<{ pem: string }>('SELECT private_key_pem AS pem FROM download_sandbox_keys WHERE app_key = $1', [appKey]);
  return rows[0]?.pem;
}

/** The demo agent's app key (public, like every app key), seeded by seed/seed-download.ts. */
export const DEMO_APP_KEY = 'ak_demo_agent';

/**
 * The brand's client downloads: from its enabled app keys, for each platform the first key
 * (by app key) with an address, and the iOS descriptor of the first key that has one.
 */
export async function brandDownloadsOf(db: Queryable, siteId: number) {
  const { rows } = await db.query<{ platform: DownloadPlatform; url: string }>(
    `SELECT u.platform, u.url FROM download_urls u JOIN download_app_keys k ON k.app_key = u.app_key
      WHERE k.site_id = $1 AND k.enabled ORDER BY k.app_key`,
    [siteId],
  );
  const url = (platform: DownloadPlatform) => rows.find((row) => row.platform === platform)?.url ?? '';
  const { rows: descriptors } = await db.query<{ teamId: string; descAddr: string }>(
    `SELECT team_id AS "teamId", desc_addr AS "descAddr" FROM download_app_keys WHERE site_id = $1 AND enabled AND desc_addr <> '' ORDER BY app_key LIMIT 1`,
    [siteId],
  );
  const urls = { android: url('android'), ios: url('ios'), testflight: url('testflight'), windows: url('windows'), mac: url('mac') };
  return { downloadable: Object.values(urls).some((value) => value !== ''), ...urls, iosDescriptor: descriptors[0] ?? null };
}
