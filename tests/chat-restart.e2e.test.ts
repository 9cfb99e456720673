import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendMessage, createClient, loginPayload, webLogin } from '@lobby/sdk';
import { repoRoot } from './support/server.js';
import { chromiumSuite } from './support/suite.js';

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The built server on a fixed port and data directory, so a restart keeps both. */
async function startOn(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'packages/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('lobby is serving')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('lobby-chat-box across a server and broker restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-chat-restart-'));
  let port = 0;
  let server: ChildProcess;
  // The page is fulfilled by the test (see chat.e2e.test.ts), so Local Network Access checks are off.
  const { browser } = chromiumSuite(['--disable-features=LocalNetworkAccessChecks']);
  // This file's own server: it restarts on the same port and data directory.
  beforeAll(async () => {
    port = await freePort();
    server = await startOn(port, dataDir);
  }, 90_000);
  afterAll(async () => {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows reconnecting, recovers, and misses nothing', async () => {
    const url = `http://127.0.0.1:${port}`;
    const api = (token: string | null) => createClient({ baseUrl: url, deviceId: randomUUID(), getToken: () => token });
    const token = (await api(null).call(webLogin, loginPayload('demo-admin', 'demo1234'))).token;
    const page = await browser.newPage();
    await page.route(`${url}/chat-restart.html`, (route) =>
      route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': CSP }, body: '<!doctype html><script src="/widgets/lobby-chat-box.js"></script><lobby-chat-box room-id="1" lang="en"></lobby-chat-box>' }),
    );
    await page.goto(`${url}/chat-restart.html`);
    const status = page.locator('lobby-chat-box .status');
    await page.locator('lobby-chat-box .status[data-status="online"]').waitFor({ timeout: 15_000 });
    const before = `before restart ${randomUUID().slice(0, 8)}`;
    await api(token).call(chatSendMessage, { roomId: 1, content: before });
    await page.locator('lobby-chat-box .entry .content', { hasText: before }).waitFor({ timeout: 10_000 });
    await stop(server);
    await page.locator('lobby-chat-box .status[data-status="reconnecting"]').waitFor({ timeout: 10_000 });
    server = await startOn(port, dataDir);
    const during = `while reconnecting ${randomUUID().slice(0, 8)}`;
    await api(token).call(chatSendMessage, { roomId: 1, content: during });
    await page.locator('lobby-chat-box .status[data-status="online"]').waitFor({ timeout: 40_000 });
    await page.locator('lobby-chat-box .entry .content', { hasText: during }).waitFor({ timeout: 10_000 });
    const after = `after restart ${randomUUID().slice(0, 8)}`;
    await api(token).call(chatSendMessage, { roomId: 1, content: after });
    await page.locator('lobby-chat-box .entry .content', { hasText: after }).waitFor({ timeout: 10_000 });
    const texts = await page.locator('lobby-chat-box .entry .content').allTextContents();
    for (const content of [before, during, after]) expect(texts.filter((text) => text === content)).toHaveLength(1);
    expect(await status.getAttribute('data-status')).toBe('online');
  }, 120_000);
});
