import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Mosquitto dynamic-security plugin. */
export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export interface DynsecMosquitto {
  port: number;
  /** The server's login: dynamic-security admin and publisher of `lobby/#`. */
  mqttUrl: string;
  stop(): Promise<void>;
}

/** Why a Mosquitto with dynamic security cannot be started here, or null when it can. */
export function dynsecUnavailable(): string | null {
  if (!existsSync(DYNSEC_PLUGIN)) return `no dynamic-security plugin at ${DYNSEC_PLUGIN}`;
  try {
    execFileSync('mosquitto_ctrl', ['--help'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return 'no mosquitto_ctrl';
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts `mosquitto -c <tmp conf>` on a free port with the dynamic-security plugin, set up
 * as docs/CHAT.md says (`mosquitto_ctrl dynsec init`, then the `lobby-publisher` role for
 * the server's login). `stop()` kills that process by its pid and removes its files.
 *
 * @example const broker = await startDynsecMosquitto(); startBuiltServer({ MQTT_URL: broker.mqttUrl, MQTT_DYNSEC: 'on' })
 */
export async function startDynsecMosquitto(): Promise<DynsecMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-e2e-dynsec-'));
  const state = join(dir, 'dynamic-security.json');
  const password = `pw-${Date.now().toString(36)}`;
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', state, 'lobby-server', password], { stdio: 'ignore' });
  // Mosquitto started as root drops to its own user, which must read and rewrite the state.
  chmodSync(dir, 0o777);
  chmodSync(state, 0o666);
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `per_listener_settings false\nlistener ${port} 127.0.0.1\nplugin ${DYNSEC_PLUGIN}\nplugin_opt_config_file ${state}\n`);
  const broker = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  broker.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (broker.exitCode === null) {
      const exited = new Promise((resolve) => broker.once('exit', resolve));
      broker.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; !(await listening(port)); i += 1) {
    if (i === 50 || broker.exitCode !== null) {
      await stop();
      throw new Error(`mosquitto did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ctrl = (...args: string[]) => execFileSync('mosquitto_ctrl', ['-h', '127.0.0.1', '-p', String(port), '-u', 'lobby-server', '-P', password, 'dynsec', ...args], { stdio: 'ignore' });
  ctrl('createRole', 'lobby-publisher');
  ctrl('addRoleACL', 'lobby-publisher', 'publishClientSend', 'lobby/#', 'allow');
  ctrl('addClientRole', 'lobby-server', 'lobby-publisher');
  return { port, mqttUrl: `mqtt://lobby-server:${password}@127.0.0.1:${port}`, stop };
}
