import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CODE } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { buildTestApp } from '../testing/app.js';
import { findRepoRoot } from './repo-paths.js';
import { CONTENT_SECURITY_POLICY, EXAMPLE_CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './security-headers.js';

const INDEX = '<!doctype html><html><head><meta name="lobby-config" content="%LOBBY_CONFIG%"></head><body><div id="root"></div></body></html>';

function makeTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'lobby-static-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('site/index.html', INDEX);
  write('site/assets/app.js', 'console.log("app");');
  writeFileSync(join(root, 'site/assets/app.js.gz'), gzipSync('console.log("app");'));
  write('widgets/lobby.js', 'window.lobby = 1;');
  write('examples/partner/index.html', '<!doctype html><title>partner</title><meta name="lobby-config" content="%LOBBY_CONFIG%">');
  write('examples/partner/page.css', 'body{}');
  write('secret.txt', 'TOP-SECRET-CONTENT');
  return root;
}

describe.each(testEngines())('static files on %s', (engine) => {
  const root = makeTree();
  const paths = { rootDir: root, siteDist: join(root, 'site'), widgetsDist: join(root, 'widgets'), examplesDir: join(root, 'examples') };
  const suite = serverSuite(engine, { config: { static: paths, signKey: 'key"<&>' } });
  // A second app on the same database, serving a tree without built files.
  let bare: FastifyInstance;
  const unescape = (text: string) =>
    text.replace(/&(quot|lt|gt|#39|amp);/g, (_, name: string) => ({ quot: '"', lt: '<', gt: '>', '#39': "'", amp: '&' })[name]!);
  const configOf = (html: string) => JSON.parse(unescape(/content="([^"]*)"/.exec(html)![1]!)) as Record<string, unknown>;

  beforeAll(async () => {
    bare = await buildTestApp(suite.db, { config: { static: { rootDir: root, siteDist: join(root, 'none'), widgetsDist: join(root, 'none') } } });
  });
  afterAll(async () => {
    await bare.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the precompressed sibling of a built file to a browser that accepts it', async () => {
    const gzip = await suite.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    const plain = await suite.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("app");');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it('serves the site index with the brand config by Host and strict security headers', async () => {
    const home = await suite.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['referrer-policy']).toBeTruthy();
    expect(home.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(home.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).not.toContain('%LOBBY_CONFIG%');
    expect(home.body).not.toContain('key"<');
    expect(configOf(home.body)).toEqual({ apiBase: '', siteId: 4, signKey: 'key"<&>', brand: 'lobby' });
    const aurora = await suite.app.inject({ method: 'GET', url: '/', headers: { host: 'aurora.localhost:3000' } });
    expect(configOf(aurora.body)).toMatchObject({ siteId: 8, brand: 'aurora' });
  });

  it('falls back to index.html for page navigations, not for files or API paths', async () => {
    const page = await suite.app.inject({ method: 'GET', url: '/app/myCenter/deposit?x=1', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('lobby-config');
    const asset = await suite.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe('console.log("app");');
    // Static files keep their own caching and get no page policies; API answers are never stored.
    expect(asset.headers['cache-control']).not.toMatch(/no-store/);
    expect(asset.headers['permissions-policy']).toBeUndefined();
    const missing = await suite.app.inject({ method: 'GET', url: '/assets/nope.js', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: CODE.notFound });
    const api = await suite.app.inject({ method: 'GET', url: '/member/v1/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: CODE.notFound });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('serves widgets and each example folder as its own site, never outside its root', async () => {
    expect((await suite.app.inject({ method: 'GET', url: '/widgets/lobby.js' })).body).toBe('window.lobby = 1;');
    const example = await suite.app.inject({ method: 'GET', url: '/examples/partner/' });
    expect(example.statusCode).toBe(200);
    expect(example.headers['content-security-policy']).toBe(EXAMPLE_CONTENT_SECURITY_POLICY);
    expect(example.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(configOf(example.body)).toMatchObject({ siteId: 4 });
    expect((await suite.app.inject({ method: 'GET', url: '/examples/partner' })).statusCode).toBe(302);
    expect((await suite.app.inject({ method: 'GET', url: '/examples/partner/page.css' })).body).toBe('body{}');
    for (const url of ['/examples/partner/..%2F..%2Fsecret.txt', '/widgets/..%2Fsecret.txt', '/examples/nope/', '/widgets/%E0%A4%A']) {
      const response = await suite.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('TOP-SECRET-CONTENT');
    }
  });

  it('answers 503 with the build command when a dist folder is missing', async () => {
    for (const url of ['/', '/widgets/lobby.js']) {
      const response = await bare.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ msg: string }>().msg).toContain('npm run build');
    }
  });

  it('finds the repo root from the module folder', () => {
    expect(findRepoRoot()).toMatch(/[\\/]main$|[\\/][^\\/]+$/);
    expect(() => findRepoRoot('/')).toThrow(/lobby/);
  });
});
