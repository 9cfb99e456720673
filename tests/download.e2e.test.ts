import { execFileSync } from 'node:child_process';
import { createPublicKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE, DOWNLOAD_SDK_ALERT, FORGE_TRUSTED_TYPES_POLICY, canonicalString, createClient, downloadReportNodeInsert, normalizePayload, opsDownloadReportList } from '@lobby/sdk';
import { demoAgent, openAgentPage, parityPayloads, type DemoAgent } from './support/download.js';
import { watchPage } from './support/browser.js';
import { repoRoot } from './support/server.js';
import { browserSuite } from './support/suite.js';

/** Issue 5 budgets, gzip bytes of the built files. */
const SDK_BUDGET_GZIP_BYTES = 8 * 1024;
const APP_DOWNLOAD_BUDGET_GZIP_BYTES = 16 * 1024;
const PARITY_PAYLOADS = 1000;
const OPS_TOKEN = `e2e-ops-${randomBytes(8).toString('hex')}`;
const FORGE_FILE = 'lobby-download-forge.js';

const gzipBytes = (file: string) => gzipSync(readFileSync(join(repoRoot, 'packages/widgets/dist', file)), { level: 9 }).length;

describe('the download SDK budgets (built files)', () => {
  it(`lobby-download-sdk.js is at most ${SDK_BUDGET_GZIP_BYTES} bytes gzip, without node-forge inside`, () => {
    expect(gzipBytes('lobby-download-sdk.js')).toBeLessThanOrEqual(SDK_BUDGET_GZIP_BYTES);
    expect(readFileSync(join(repoRoot, 'packages/widgets/dist/lobby-download-sdk.js'), 'utf8')).not.toMatch(/privateKeyFromAsn1/);
    expect(gzipBytes(FORGE_FILE)).toBeGreaterThan(SDK_BUDGET_GZIP_BYTES);
  });
  it(`lobby-app-download.js (Preact and the QR code inside) is at most ${APP_DOWNLOAD_BUDGET_GZIP_BYTES} bytes gzip`, () => {
    expect(gzipBytes('lobby-app-download.js')).toBeLessThanOrEqual(APP_DOWNLOAD_BUDGET_GZIP_BYTES);
  });
});

describe('the download SDK in Chromium', () => {
  // The Trusted Types test serves the agent page through page.route (to add its CSP); such a
  // page counts as public, so private-network checks must not block its loopback scripts.
  const { server, browser } = browserSuite({ env: { LOBBY_OPERATOR_TOKEN: OPS_TOKEN }, chromiumArgs: ['--host-resolver-rules=MAP agent.test 127.0.0.1', '--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessRespectPreflightResults,LocalNetworkAccessChecks'] });
  let agent: DemoAgent;
  let secureOrigin: string;
  let plainOrigin: string;
  const reportsOf = (inviteCode: string) =>
    createClient({ baseUrl: server.url, getToken: () => OPS_TOKEN }).call(opsDownloadReportList, { appKey: agent.appKey, inviteCode });

  beforeAll(async () => {
    agent = await demoAgent(server.url);
    const port = new URL(server.url).port;
    secureOrigin = `http://127.0.0.1:${port}`;
    plainOrigin = `http://agent.test:${port}`;
  });

  it('on http://127.0.0.1 signs with WebCrypto, never fetches the forge file, and its page view is accepted', async () => {
    const landing = await openAgentPage(browser, secureOrigin, '?i_code=SECURE1&r_code=R1');
    const { page, requests, watch } = landing;
    expect(await page.textContent('#signer')).toBe('webcrypto');
    expect(await page.textContent('#whitelist')).toBe('已在白名单');
    await expect.poll(async () => (await reportsOf('SECURE1')).items.map((item) => item.type), { timeout: 10_000 }).toContain('pageView');
    expect(await page.evaluate(() => sessionStorage.getItem('i_code'))).toBe('SECURE1');
    expect(requests.some((url) => url.includes(FORGE_FILE))).toBe(false);
    expect([...watch.consoleErrors, ...watch.cspViolations]).toEqual([]);
    await landing.close();
  });

  it('on plain http://agent.test (not a secure context) signs with node-forge from its own file and is accepted', async () => {
    const landing = await openAgentPage(browser, plainOrigin, '?i_code=PLAIN1');
    const { page, requests, watch } = landing;
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await page.textContent('#signer')).toBe('forge');
    expect(requests.filter((url) => url.includes(FORGE_FILE))).toHaveLength(1);
    expect(await page.textContent('#whitelist')).toBe('已在白名单');
    await expect.poll(async () => (await reportsOf('PLAIN1')).items.map((item) => item.type), { timeout: 20_000 }).toContain('pageView');
    expect([...watch.consoleErrors, ...watch.cspViolations]).toEqual([]);
    await landing.close();
  });

  it('on a plain-http agent page that requires Trusted Types, loads the forge file through the lobby-download policy', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const watch = await watchPage(page);
    await page.route(`${plainOrigin}/examples/agent-landing/**`, async (route) => {
      // agent.test resolves only inside Chromium (--host-resolver-rules): fetch the page from 127.0.0.1.
      const original = await route.fetch({ url: route.request().url().replace('//agent.test:', '//127.0.0.1:') });
      const csp = `${original.headers()['content-security-policy'] ?? ''}; require-trusted-types-for 'script'; trusted-types ${FORGE_TRUSTED_TYPES_POLICY}`;
      await route.fulfill({ response: original, headers: { ...original.headers(), 'content-security-policy': csp } });
    });
    await page.goto(`${plainOrigin}/examples/agent-landing/?i_code=PLAINTT`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    expect(await page.textContent('#signer')).toBe('forge');
    await expect.poll(async () => (await reportsOf('PLAINTT')).items.map((item) => item.type), { timeout: 20_000 }).toContain('pageView');
    expect([...watch.consoleErrors, ...watch.cspViolations]).toEqual([]);
    await context.close();
  });

  it(`signs ${PARITY_PAYLOADS} generated payloads byte-identically with WebCrypto and node-forge; the server and openssl verify them`, async () => {
    const landing = await openAgentPage(browser, secureOrigin, '');
    const payloads = parityPayloads(PARITY_PAYLOADS, 20261121);
    const folder = mkdtempSync(join(tmpdir(), 'lobby-parity-'));
    const publicKeyFile = join(folder, 'public.pem');
    writeFileSync(publicKeyFile, createPublicKey(agent.privateKeyPem).export({ type: 'spki', format: 'pem' }));
    try {
      for (let start = 0; start < payloads.length; start += 50) {
        const batch = payloads.slice(start, start + 50).map((fields, index) => ({ ...fields, appkey: agent.appKey, timestamp: Date.now(), nonce: `parity-${start + index}-${randomBytes(6).toString('hex')}` }));
        const signed = await landing.page.evaluate(
          async ({ batch, pem }) => {
            const sdk = (window as unknown as { LobbyDownload: { signPayload(p: unknown, k: string, kind: string): Promise<{ canonical: string; sign: string; kind: string }> } }).LobbyDownload;
            const results = [];
            for (const payload of batch) results.push({ web: await sdk.signPayload(payload, pem, 'webcrypto'), forge: await sdk.signPayload(payload, pem, 'forge') });
            return results;
          },
          { batch, pem: agent.privateKeyPem },
        );
        await Promise.all(
          signed.map(async ({ web, forge }, index) => {
            expect([web.kind, forge.kind]).toEqual(['webcrypto', 'forge']);
            expect(forge.sign).toBe(web.sign);
            expect(web.canonical).toBe(canonicalString(batch[index]!));
            const body = JSON.stringify({ ...normalizePayload(batch[index]!), sign: web.sign });
            const answer = await (await fetch(`${server.url}${downloadReportNodeInsert.path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).json();
            expect(answer.code, `payload ${start + index}: ${answer.msg}`).toBe(0);
          }),
        );
        if (start < 100) {
          for (const [index, { web }] of signed.entries()) {
            writeFileSync(join(folder, 'data.txt'), web.canonical, 'utf8');
            writeFileSync(join(folder, 'sig.bin'), Buffer.from(web.sign, 'base64'));
            const verdict = execFileSync('openssl', ['dgst', '-sha1', '-verify', publicKeyFile, '-signature', join(folder, 'sig.bin'), join(folder, 'data.txt')]).toString();
            expect(verdict.trim(), `openssl on payload ${start + index}`).toBe('Verified OK');
          }
        }
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await landing.close();
    }
  }, 900_000);
  it('shows the spec alert for each config error and stops: no onready, no request', async () => {
    const landing = await openAgentPage(browser, secureOrigin, '');
    const alerts: string[] = [];
    landing.page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const before = landing.requests.length;
    const outcome = await landing.page.evaluate(async () => {
      let readied = 0;
      const onready = () => (readied += 1);
      const init = (window as unknown as { LobbyDownload: { init(c: unknown): unknown } }).LobbyDownload.init;
      const configs = [{ onready }, { appKey: 42, onready }, { appKey: 'k' }, { appKey: 'k', onready, isPostParams: 'yes' }, { appKey: 'k', onready, downloadable: 1 }];
      const results = configs.map((config) => init(config));
      await new Promise((resolve) => setTimeout(resolve, 700));
      return { results, readied };
    });
    expect(outcome).toEqual({ results: [null, null, null, null, null], readied: 0 });
    expect(alerts).toEqual([
      DOWNLOAD_SDK_ALERT.appKeyMissing,
      DOWNLOAD_SDK_ALERT.appKeyNotString,
      DOWNLOAD_SDK_ALERT.onreadyNotFunction,
      DOWNLOAD_SDK_ALERT.isPostParamsNotBoolean,
      DOWNLOAD_SDK_ALERT.downloadableNotBoolean,
    ]);
    expect(landing.requests.slice(before).filter((url) => url.includes('/download-sdk/'))).toEqual([]);
    await landing.close();
  });

  it('retries 403 and 502 at most twice, each freshly signed; a timeout calls the error callback; nothing goes unhandled', async () => {
    const landing = await openAgentPage(browser, secureOrigin, '');
    const { page } = landing;
    const sent: { nonce: string; sign: string }[] = [];
    const statuses = [403, 502];
    await page.route('**/download-sdk/v1/descriptor/file', async (route) => {
      sent.push(JSON.parse(route.request().postData() ?? '{}'));
      const status = statuses.shift();
      if (status) await route.fulfill({ status, body: 'gateway says no' });
      else await route.continue();
    });
    let failures = 0;
    await page.route('**/download-sdk/v1/tf/download', async (route) => {
      failures += 1;
      await route.fulfill({ status: 502, body: 'bad gateway' });
    });
    await page.route('**/download-sdk/v1/whitelist/check', () => undefined); // never answers
    const outcome = await page.evaluate(async (key) => {
      const errors: { kind: string; status: number }[] = [];
      const sdk = (window as unknown as { LobbyDownload: { init(c: unknown): Record<string, () => Promise<unknown>> } }).LobbyDownload.init({
        appKey: key.appKey, privateKey: key.privateKeyPem, onready: () => undefined, onerror: (e: { kind: string; status: number }) => errors.push({ kind: e.kind, status: e.status }),
      });
      const descriptor = await sdk.descriptorFile!();
      const tf = await sdk.tfDownload!();
      const started = Date.now();
      const whitelist = await sdk.checkWhitelist!();
      return { descriptor, tf, whitelist, waitedMs: Date.now() - started, errors };
    }, agent);
    expect(outcome.descriptor).toMatchObject({ teamId: 'LOBBYDEMO1' });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((body) => body.nonce)).size).toBe(3);
    expect(new Set(sent.map((body) => body.sign)).size).toBe(3);
    expect(failures).toBe(3);
    expect(outcome.tf).toBeUndefined();
    expect(outcome.whitelist).toBeUndefined();
    expect(outcome.waitedMs).toBeGreaterThanOrEqual(4900);
    expect(outcome.errors).toEqual([{ kind: 'http', status: 502 }, { kind: 'timeout', status: 0 }]);
    expect(landing.watch.consoleErrors.filter((text) => /Uncaught|unhandled/i.test(text))).toEqual([]);
    await landing.close();
  });

  it('a report replayed or tampered with after it left the page is refused', async () => {
    const landing = await openAgentPage(browser, secureOrigin, '');
    let body = '';
    await landing.page.route('**/download-sdk/v1/report/node/insert', async (route) => {
      body = route.request().postData() ?? '';
      await route.continue();
    });
    const first = await landing.page.evaluate(() => (window as unknown as { agentLanding: { sdk: { report(t: string, d: unknown): Promise<unknown> } } }).agentLanding.sdk.report('download', { i_code: 'TAMPER1' }));
    expect(first).toMatchObject({ id: expect.any(Number) });
    const post = async (text: string) => (await (await fetch(`${server.url}${downloadReportNodeInsert.path}`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } })).json()).code;
    expect(await post(body)).toBe(CODE.downloadNonceReused);
    const tampered = { ...JSON.parse(body), nonce: `fresh-${randomBytes(6).toString('hex')}` };
    expect(await post(JSON.stringify(tampered))).toBe(CODE.downloadSignInvalid);
    expect((await reportsOf('TAMPER1')).total).toBe(1);
    await landing.close();
  });

  it('the download block shows Windows and Mac from the SDK, a 106 px QR code on hover, and Android on mobile', async () => {
    const desktop = await openAgentPage(browser, secureOrigin, '?i_code=BLOCK1');
    const block = desktop.page.locator('lobby-app-download');
    await expect.poll(() => block.locator('a[data-platform="windows"]').getAttribute('href')).toMatch(/\.exe$/);
    expect(await block.locator('a[data-platform="mac"]').getAttribute('href')).toMatch(/\.dmg$/);
    expect(await block.locator('a[data-platform="android"]').count()).toBe(0);
    const qr = block.locator('svg.qr');
    expect(await qr.isVisible()).toBe(false);
    await block.locator('.app').hover();
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.boundingBox()).toMatchObject({ width: 106, height: 106 });
    await desktop.page.route('https://downloads.lobby.example/**', (route) => route.fulfill({ status: 200, body: 'installer' }));
    const cancelled = await desktop.page.evaluate(async () => {
      const element = document.querySelector('lobby-app-download')!;
      const seen = new Promise<unknown>((resolve) =>
        element.addEventListener('lobby-download', (event) => {
          event.preventDefault();
          resolve((event as CustomEvent).detail);
        }, { once: true }),
      );
      (element.shadowRoot!.querySelector('a[data-platform="mac"]') as HTMLAnchorElement).click();
      return { detail: await seen, href: location.href };
    });
    expect(cancelled.detail).toEqual({ platform: 'mac', url: expect.stringMatching(/\.dmg$/) });
    expect(desktop.page.url()).toBe(cancelled.href);
    await Promise.all([desktop.page.waitForURL(/lobby-setup-3\.4\.0\.exe$/), block.locator('a[data-platform="windows"]').click()]);
    await expect.poll(async () => (await reportsOf('BLOCK1')).items.map((item) => item.type)).toContain('download');
    expect([...desktop.watch.consoleErrors, ...desktop.watch.cspViolations]).toEqual([]);
    await desktop.close();

    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const mobile = await openAgentPage(browser, secureOrigin, '', android);
    await expect.poll(() => mobile.page.locator('lobby-app-download a[data-platform="android"]').getAttribute('href')).toMatch(/\.apk$/);
    const afterDestroy = await mobile.page.evaluate(() => {
      const element = document.querySelector('lobby-app-download') as HTMLElement & { destroy(): void };
      const shadow = element.shadowRoot!;
      element.destroy();
      return { attached: element.isConnected, children: shadow.childElementCount };
    });
    expect(afterDestroy).toEqual({ attached: false, children: 0 });
    await mobile.close();
  });
});
