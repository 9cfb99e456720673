import type { FastifyInstance } from 'fastify';
import { opsDownloadAppKeyCreate, opsDownloadAppKeyList, opsDownloadConfigSet, opsDownloadReportList } from '@lobby/sdk';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import { findAppKey, insertAppKey, listAppKeys, newAppKey, newKeyPair, updateAppKeyConfig } from './app-key-repository.js';
import { listReports } from './report-repository.js';

/** The operator calls that manage app keys and read reports (auth: 'operator'). */
export function opsDownloadRoutes(app: FastifyInstance): void {
  registerCall(app, opsDownloadAppKeyCreate, async ({ request, db, siteId }) => {
    const appKey = newAppKey();
    const { publicKeyPem, privateKeyPem } = newKeyPair();
    await insertAppKey(db, { appKey, siteId: request.siteId ?? siteId, agent: request.agent, publicKeyPem });
    return { appKey, publicKeyPem, privateKeyPem };
  });
  registerCall(app, opsDownloadAppKeyList, async ({ db }) =>
    (await listAppKeys(db)).map(({ appKey, siteId, agent, publicKeyPem, enabled, createdAt }) => ({ appKey, siteId, agent, publicKeyPem, enabled, createdAt })),
  );
  registerCall(app, opsDownloadConfigSet, async ({ request, db }) => {
    if (!(await findAppKey(db, request.appKey))) throw new BusinessError('downloadAppKeyUnknown', `no app key ${request.appKey}`);
    for (const url of Object.values(request.urls ?? {})) {
      if (url && !/^https?:\/\//.test(url)) throw new BusinessError('invalidField', 'urls: each must start with http:// or https://');
    }
    await db.transaction((tx) => updateAppKeyConfig(tx, request.appKey, request));
    return { appKey: request.appKey };
  });
  registerCall(app, opsDownloadReportList, async ({ request, db }) => {
    if (!(await findAppKey(db, request.appKey))) throw new BusinessError('downloadAppKeyUnknown', `no app key ${request.appKey}`);
    return listReports(db, { appKey: request.appKey, inviteCode: request.inviteCode, page: request.page ?? 1, pageSize: request.pageSize ?? 20 });
  });
}
