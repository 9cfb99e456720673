import { defineCall } from '../call.js';
import { INT4_MAX, s, type Schema } from '../schema.js';

/**
 * The download SDK's calls (spec section 7, "Download SDK"; the gateway prefix is hidden
 * in the spec, here it is /download-sdk/v1/). They carry no lobby headers: each payload
 * is signed with the agent's app key (RSA-SHA1, docs/DOWNLOAD-SDK.md), with `appkey`,
 * `timestamp` (ms) and `nonce` inside the signed fields and the base64 signature as
 * `sign`. Operators manage app keys under /ops/v1/download/.
 */
const signed = <P extends Record<string, Schema<unknown>>>(fields: P) =>
  s.object({
    ...fields,
    appkey: s.string({ minLength: 1, maxLength: 64 }),
    timestamp: s.integer({ minimum: 0, description: 'milliseconds since the epoch' }),
    nonce: s.string({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    sign: s.optional(s.string({ maxLength: 1024, description: 'base64 RSA-SHA1 signature of the canonical string' })),
  });

const Recorded = s.object({ id: s.integer({ minimum: 1 }) });

/** Spec: report node insert (type, data, url, appkey, screen, platform, sign). */
export const downloadReportNodeInsert = defineCall({
  name: 'downloadReportNodeInsert',
  group: 'download',
  path: '/download-sdk/v1/report/node/insert',
  style: 'json',
  auth: 'none',
  summary: 'Download SDK: report a visit, wake-up or download of the landing page',
  request: signed({
    type: s.string({ minLength: 1, maxLength: 32 }),
    data: s.optional(s.unknown({ description: 'event data; the session codes (i_code, r_code, ...) among it' })),
    url: s.optional(s.string({ maxLength: 2048 })),
    screen: s.optional(s.string({ maxLength: 32 })),
    platform: s.optional(s.string({ maxLength: 64 })),
  }),
  response: Recorded,
});

/** Spec: params report (the landing page's URL parameters, when isPostParams is on). */
export const downloadParamsReport = defineCall({
  name: 'downloadParamsReport',
  group: 'download',
  path: '/download-sdk/v1/params/report',
  style: 'json',
  auth: 'none',
  summary: 'Download SDK: report the landing page URL parameters',
  request: signed({ params: s.optional(s.record(s.string({ maxLength: 2048 }))), url: s.optional(s.string({ maxLength: 2048 })) }),
  response: Recorded,
});

/** Spec: whitelist check; category 1 when the page's host is on the app key's list, else 0 with the official url. */
export const downloadWhitelistCheck = defineCall({
  name: 'downloadWhitelistCheck',
  group: 'download',
  path: '/download-sdk/v1/whitelist/check',
  style: 'json',
  auth: 'none',
  summary: 'Download SDK: is the landing page host on the whitelist',
  request: signed({ url: s.string({ minLength: 1, maxLength: 2048 }) }),
  response: s.object({ category: s.enum([0, 1]), url: s.string() }),
});

/** Spec: descriptor file (the iOS install descriptor: Apple team id and its address). */
export const downloadDescriptorFile = defineCall({
  name: 'downloadDescriptorFile',
  group: 'download',
  path: '/download-sdk/v1/descriptor/file',
  style: 'json',
  auth: 'none',
  summary: 'Download SDK: the iOS descriptor file',
  request: signed({}),
  response: s.object({ teamId: s.string(), descAddr: s.string() }),
});

/** Spec: tf download (TestFlight); status_code 1 with the link in msg, 0 with a reason. */
export const downloadTfDownload = defineCall({
  name: 'downloadTfDownload',
  group: 'download',
  path: '/download-sdk/v1/tf/download',
  style: 'json',
  auth: 'none',
  summary: 'Download SDK: the TestFlight link',
  request: signed({}),
  response: s.object({ status_code: s.enum([0, 1]), msg: s.string() }),
});

/** Spec: GET pc download url (windows or mac); data is the URL. */
export const downloadPcUrl = defineCall({
  name: 'downloadPcUrl',
  group: 'download',
  path: '/download-sdk/v1/pc/download/url',
  style: 'query',
  auth: 'none',
  summary: 'Download SDK: the Windows or Mac client URL',
  request: signed({ platform: s.enum(['windows', 'mac']) }),
  response: s.string(),
});

/** Spec: GET app download url; data is the URL (Android by default, iOS on request). */
export const downloadAppUrl = defineCall({
  name: 'downloadAppUrl',
  group: 'download',
  path: '/download-sdk/v1/app/download/url',
  style: 'query',
  auth: 'none',
  summary: 'Download SDK: the mobile app URL',
  request: signed({ platform: s.optional(s.enum(['android', 'ios'])) }),
  response: s.string(),
});

/** The platforms an app key has download URLs for. */
export const DOWNLOAD_PLATFORMS = ['windows', 'mac', 'android', 'ios', 'testflight'] as const;
export type DownloadPlatform = (typeof DOWNLOAD_PLATFORMS)[number];

const url = () => s.optional(s.string({ maxLength: 2048 }));

const AppKeySummary = s.object({
  appKey: s.string(),
  siteId: s.integer(),
  agent: s.string(),
  publicKeyPem: s.string(),
  enabled: s.boolean(),
  createdAt: s.string(),
});

/** Operator: a new app key with a fresh 2048-bit key pair; the private key is answered once and never stored. */
export const opsDownloadAppKeyCreate = defineCall({
  name: 'opsDownloadAppKeyCreate',
  group: 'download',
  path: '/ops/v1/download/app-key/create',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: create a download SDK app key for an agent',
  request: s.object({ siteId: s.optional(s.integer({ minimum: 1, maximum: INT4_MAX })), agent: s.string({ minLength: 1, maxLength: 64 }) }),
  response: s.object({ appKey: s.string(), publicKeyPem: s.string(), privateKeyPem: s.string() }),
});

/** Operator: every app key. */
export const opsDownloadAppKeyList = defineCall({
  name: 'opsDownloadAppKeyList',
  group: 'download',
  path: '/ops/v1/download/app-key/list',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: list download SDK app keys',
  request: s.empty(),
  response: s.array(AppKeySummary),
});

/** Operator: an app key's whitelist, download URLs, descriptor and official landing URL; given fields replace. */
export const opsDownloadConfigSet = defineCall({
  name: 'opsDownloadConfigSet',
  group: 'download',
  path: '/ops/v1/download/config/set',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: set an app key whitelist, download URLs and descriptor',
  request: s.object({
    appKey: s.string({ minLength: 1, maxLength: 64 }),
    enabled: s.optional(s.boolean()),
    whitelist: s.optional(s.array(s.string({ minLength: 1, maxLength: 253 }), { maxItems: 100 })),
    urls: s.optional(s.object({ windows: url(), mac: url(), android: url(), ios: url(), testflight: url() })),
    teamId: s.optional(s.string({ maxLength: 64 })),
    descAddr: s.optional(s.string({ maxLength: 2048 })),
    landingUrl: s.optional(s.string({ maxLength: 2048 })),
  }),
  response: s.object({ appKey: s.string() }),
});

/** One stored report, for operators. */
export const DownloadReport = s.object({
  id: s.integer(),
  appKey: s.string(),
  kind: s.enum(['node', 'params']),
  type: s.string(),
  inviteCode: s.nullable(s.string()),
  referralCode: s.nullable(s.string()),
  url: s.nullable(s.string()),
  screen: s.nullable(s.string()),
  platform: s.nullable(s.string()),
  data: s.unknown(),
  createdAt: s.string(),
});

/** Operator: reports of one app key, newest first, optionally of one invite code. */
export const opsDownloadReportList = defineCall({
  name: 'opsDownloadReportList',
  group: 'download',
  path: '/ops/v1/download/report/list',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: list download SDK reports by app key and invite code',
  request: s.object({
    appKey: s.string({ minLength: 1, maxLength: 64 }),
    inviteCode: s.optional(s.string({ minLength: 1, maxLength: 64 })),
    page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })),
    pageSize: s.optional(s.integer({ minimum: 1, maximum: 100 })),
  }),
  response: s.object({ total: s.integer(), items: s.array(DownloadReport) }),
});

const clientUrl = (platform: string) => s.string({ description: `The brand's ${platform} client address; empty when there is none` });

/**
 * Download config (spec section 7, "Site"): the member-facing read of the brand's client
 * downloads, from its download app keys (enabled ones of this site; for each platform the
 * first key, by app key, that has an address), the same source as the member-move config.
 */
export const downloadConfig = defineCall({
  name: 'downloadConfig',
  group: 'site',
  path: '/site/v1/download_config',
  style: 'query',
  auth: 'none',
  summary: "The brand's client downloads: Android, iOS, TestFlight, Windows and Mac addresses and the iOS descriptor",
  request: s.empty(),
  response: s.object({
    downloadable: s.boolean({ description: 'Whether any address is set' }),
    android: clientUrl('Android'),
    ios: clientUrl('iOS'),
    testflight: clientUrl('TestFlight'),
    windows: clientUrl('Windows'),
    mac: clientUrl('Mac'),
    iosDescriptor: s.nullable(s.object({ teamId: s.string(), descAddr: s.string() })),
  }),
});
