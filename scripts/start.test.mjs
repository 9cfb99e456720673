import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../packages/server/src/config.ts';
import { DEFAULT_HOST, DEFAULT_PORT } from './listen-address.mjs';
import { SUPPORTED_NODE, unsupportedNode } from './node-version.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'lobby-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `node [...nodeArgs] scripts/start.mjs` with `env` until it exits (or 30 s pass). */
function start(env, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, join(root, 'scripts/start.mjs')], { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm start did not stop within 30 s:\n${output}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('npm start on an unsupported Node', () => {
  it('names the versions it needs for any other version', () => {
    expect(unsupportedNode('18.20.4')).toMatch(/^lobby needs Node\.js 20\.19 or later 20\.x, or 22\.12 or later; this is Node\.js 18\.20\.4\./);
    for (const version of ['16.20.2', '20.18.3', '21.7.3', '22.11.0']) expect(unsupportedNode(version), version).not.toBeNull();
    for (const version of ['20.19.0', '20.20.2', '22.12.0', '22.20.0', '24.1.0']) expect(unsupportedNode(version), version).toBeNull();
  });

  it('agrees with package.json engines', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest.engines.node).toBe(SUPPORTED_NODE);
  });

  it('stops with that sentence before loading anything else', async () => {
    const dataDir = join(scratch, 'old-node');
    const fakeOldNode = 'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"18.20.4"}})';
    const { code, output } = await start({ PORT: '0', DATA_DIR: dataDir }, ['--import', fakeOldNode]);
    expect(code).toBe(1);
    expect(output).toContain('lobby needs Node.js 20.19 or later 20.x, or 22.12 or later; this is Node.js 18.20.4.');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('npm start on a taken port', () => {
  it('checks the address the server would listen on (its defaults)', () => {
    const config = readConfig({});
    expect({ host: DEFAULT_HOST, port: DEFAULT_PORT }).toEqual({ host: config.host, port: config.port });
  });

  it('says the port is taken and names PORT, before building or migrating anything', async () => {
    const holder = createServer();
    await new Promise((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const port = holder.address().port;
    const dataDir = join(scratch, 'taken-port');
    try {
      const { code, output } = await start({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`lobby: port ${port} on 127.0.0.1 is already in use.`);
      expect(output).toContain('choose another port with PORT');
      expect(output).not.toContain('building');
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
