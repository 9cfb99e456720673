// The built server (what `npm start` runs) in its own process for a bench, on a free port of
// 127.0.0.1 with a fresh embedded database and the embedded broker: the caller's MQTT,
// database and sandbox settings are left out unless passed in `env`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the built server (`serverPath`: another build's server.js to compare) and resolves
 * with its URL and a stop function that also removes its data.
 *
 * @example const server = await startBuiltServer('chat', { MQTT_URL: 'mqtt://127.0.0.1:1883' }); ...; await server.stop();
 */
export async function startBuiltServer(bench, env = {}, serverPath = join(root, 'packages/server/dist/server.js')) {
  const dataDir = mkdtempSync(join(tmpdir(), `lobby-${bench}-bench-`));
  const { MQTT_URL: _url, MQTT_WS_URL: _ws, MQTT_DYNSEC: _dynsec, DATABASE_URL: _db, LOBBY_SANDBOX: _sandbox, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverPath], {
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /(http:\/\/[\w.]+:\d+)/.exec(output);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
