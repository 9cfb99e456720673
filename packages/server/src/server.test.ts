import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLIENT_TYPE,
  DEMO_SIGN_KEY,
  captchaImage,
  createClient,
  md5Hex,
  messageCount,
  messageList,
  requestSign,
  siteBaseConfig,
  userInfo,
  webLogin,
} from '@lobby/sdk';
import { configWarnings, readConfig } from './config.js';
import { startServer, type RunningServer } from './server.js';

/** A webLogin through the real HTTP stack, signed like a browser would. */
async function login(url: string, name: string, password: string): Promise<{ status: number; code: number }> {
  const body = JSON.stringify({ name, password: md5Hex(password) });
  const timestamp = String(Date.now());
  const nonce = `nonce-${Math.random().toString(36).slice(2, 12)}`;
  const sign = requestSign({ method: 'POST', pathWithQuery: webLogin.path, timestamp, nonce, deviceId: 'device-1', body, signKey: DEMO_SIGN_KEY });
  const response = await fetch(`${url}${webLogin.path}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-client-type': CLIENT_TYPE,
      'x-site-id': '4',
      'x-device-id': 'device-1',
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-sign': sign,
    },
  });
  return { status: response.status, code: ((await response.json()) as { code: number }).code };
}

// Each start migrates a fresh on-disk PGlite from nothing (that is what startServer does,
// so the run's template cannot stand in) and seeds it: on a loaded 2-core machine that
// alone has taken over the default 30 s.
describe('startServer', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const start = async (env: NodeJS.ProcessEnv) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lobby-data-'));
    dirs.push(dataDir);
    const server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }));
    servers.push(server);
    return server;
  };

  it('migrates, seeds and listens on a free port; the demo member logs in over HTTP', async () => {
    const server = await start({ LOBBY_DEMO_PASSWORD: 'other-pass' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.seeded).toBe(true);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await login(server.url, 'demo', 'other-pass')).toEqual({ status: 200, code: 0 });
    expect((await login(server.url, 'demo', 'demo1234')).code).not.toBe(0);
  });

  it('talks to the @lobby/sdk client over HTTP: GET query, JSON POST, member calls', async () => {
    const server = servers[0]!;
    let token: string | null = null;
    const client = createClient({ baseUrl: server.url, deviceId: 'sdk-client-device', getToken: () => token, onTokenInvalid: () => undefined });
    expect((await client.call(siteBaseConfig, {})).brand).toBe('lobby');
    expect((await client.call(captchaImage, {})).image).toMatch(/^data:image\/svg\+xml;base64,/);
    token = (await client.call(webLogin, { name: 'demo', password: md5Hex('other-pass') })).token;
    expect((await client.call(userInfo, {})).name).toBe('demo');
    expect((await client.call(messageList, { page: 1 })).total).toBe(6);
    expect((await client.call(messageCount, {})).showDwTab).toBe(true);
  });

  it('seeds nothing with LOBBY_SEED=off', async () => {
    const server = await start({ LOBBY_SEED: 'off' });
    expect(server.seeded).toBe(false);
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members');
    expect(rows[0]!.n).toBe(0);
  });
});

describe('readConfig', () => {
  it('applies the documented defaults and refuses a bad port', () => {
    expect(readConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      seed: true,
      demoPassword: 'demo1234',
      signKey: DEMO_SIGN_KEY,
      sandbox: true,
    });
    expect(readConfig({ LOBBY_SEED: 'OFF', LOBBY_SANDBOX: 'off', MQTT_URL: 'mqtt://x' })).toMatchObject({ seed: false, sandbox: false, mqttUrl: 'mqtt://x' });
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});

describe('configWarnings', () => {
  it('warns that every room is open when MQTT_URL comes without MQTT_DYNSEC', () => {
    expect(configWarnings(readConfig({ MQTT_URL: 'mqtt://lobby-server:s@broker:1883' }))).toEqual([
      expect.stringMatching(/MQTT_URL is set without MQTT_DYNSEC=on: every chat room is then open to any client of that broker/),
    ]);
    expect(configWarnings(readConfig({ MQTT_URL: 'mqtt://lobby-server:s@broker:1883', MQTT_DYNSEC: 'on' }))).toEqual([]);
    expect(configWarnings(readConfig({}))).toEqual([]);
  });
});
