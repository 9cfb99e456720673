import type { FastifyInstance } from 'fastify';
import {
  downloadAppUrl,
  downloadConfig,
  downloadDescriptorFile,
  downloadParamsReport,
  downloadPcUrl,
  downloadReportNodeInsert,
  downloadTfDownload,
  downloadWhitelistCheck,
  type DownloadPlatform,
} from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import { DEMO_APP_KEY, brandDownloadsOf, downloadUrlOf, isWhitelisted, sandboxPrivateKey } from './app-key-repository.js';
import { opsDownloadRoutes } from './ops-routes.js';
import { allowAnyOrigin, registerDownloadCall } from './register-download-call.js';
import { insertReport } from './report-repository.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, 64) : null);
const codesOf = (data: unknown) => {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return { inviteCode: text(record.i_code), referralCode: text(record.r_code) };
};

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    throw new BusinessError('invalidField', 'url: must be an absolute URL');
  }
}

async function urlOrRefuse(db: Parameters<typeof downloadUrlOf>[0], appKey: string, platform: DownloadPlatform): Promise<string> {
  const url = await downloadUrlOf(db, appKey, platform);
  if (!url) throw new BusinessError('downloadUrlMissing', `no ${platform} download URL for this app key`);
  return url;
}

/**
 * The download SDK endpoints (spec section 7), each payload verified with the app key's
 * public key; the operator calls; and the sandbox door GET /sandbox/download/demo-agent
 * that hands the demo page its app key and private key (only while the sandbox is on).
 */
export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  allowAnyOrigin(app);
  registerDownloadCall(app, downloadReportNodeInsert, async ({ request, appKey, db }) => {
    const id = await insertReport(db, { appKey: appKey.appKey, kind: 'node', type: request.type, ...codesOf(request.data), url: request.url ?? null, screen: request.screen ?? null, platform: request.platform ?? null, data: request.data ?? {} });
    return { id };
  });
  registerDownloadCall(app, downloadParamsReport, async ({ request, appKey, db }) => {
    const id = await insertReport(db, { appKey: appKey.appKey, kind: 'params', type: 'params', ...codesOf(request.params), url: request.url ?? null, screen: null, platform: null, data: request.params ?? {} });
    return { id };
  });
  registerDownloadCall(app, downloadWhitelistCheck, async ({ request, appKey, db }) => {
    const listed = await isWhitelisted(db, appKey.appKey, hostOf(request.url));
    return listed ? { category: 1 as const, url: '' } : { category: 0 as const, url: appKey.landingUrl };
  });
  registerDownloadCall(app, downloadDescriptorFile, async ({ appKey }) => {
    if (!appKey.descAddr) throw new BusinessError('downloadDescriptorMissing', 'no descriptor file for this app key');
    return { teamId: appKey.teamId, descAddr: appKey.descAddr };
  });
  registerDownloadCall(app, downloadTfDownload, async ({ appKey, db }) => {
    const url = await downloadUrlOf(db, appKey.appKey, 'testflight');
    return url ? { status_code: 1 as const, msg: url } : { status_code: 0 as const, msg: '暂无TestFlight版本' };
  });
  registerDownloadCall(app, downloadPcUrl, async ({ request, appKey, db }) => urlOrRefuse(db, appKey.appKey, request.platform));
  registerDownloadCall(app, downloadAppUrl, async ({ request, appKey, db }) => urlOrRefuse(db, appKey.appKey, request.platform ?? 'android'));
  // The member-facing read of the brand's downloads (lobby headers, not an app key).
  registerCall(app, downloadConfig, async ({ db, siteId }) => brandDownloadsOf(db, siteId));
  opsDownloadRoutes(app);
  if (!app.lobby.config.sandbox) return;
  app.get('/sandbox/download/demo-agent', async (_request, reply) => {
    const privateKeyPem = await sandboxPrivateKey(app.lobby.db, DEMO_APP_KEY);
    if (!privateKeyPem) return reply.code(404).send({ code: 404000, msg: 'the demo app key is not seeded', data: null });
    return reply.header('cache-control', 'no-store').send({ code: 0, msg: 'ok', data: { appKey: DEMO_APP_KEY, privateKeyPem, scheme: 'lobbyapp://open' } });
  });
}
