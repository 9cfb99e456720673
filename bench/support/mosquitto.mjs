// A Mosquitto of the bench's own on a free port of 127.0.0.1 (never the machine's 1883),
// anonymous, no ACL: the bench measures fan-out, not the rules (tests cover those). It
// gets a WebSocket listener when this Mosquitto has one; otherwise a TCP listener with
// bench/support/ws-mqtt-bridge.mjs in front. `stop()` ends exactly the processes started
// here, by their pids; a process exit ends them too.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why no Mosquitto can be started here, or null. */
export function mosquittoUnavailable() {
  try {
    execFileSync('mosquitto', ['-h'], { stdio: 'ignore' });
  } catch (error) {
    if (error.code === 'ENOENT') return 'no mosquitto binary';
  }
  return null;
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const children = new Set();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function startChild(command, args, options) {
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

/** Starts Mosquitto with `listenerLines`; resolves with the process once `port` listens, or null when it exits first. */
async function startMosquitto(dir, port, listenerLines) {
  const conf = join(dir, `mosquitto-${port}.conf`);
  writeFileSync(conf, `per_listener_settings false\nallow_anonymous true\n${listenerLines}\n`);
  const broker = startChild('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  broker.stderr.on('data', (chunk) => (log += chunk));
  for (let i = 0; i < 50; i += 1) {
    if (broker.exitCode !== null) return { broker: null, log };
    if (await listening(port)) return { broker, log };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopChild(broker);
  throw new Error(`mosquitto did not listen on ${port}: ${log}`);
}

/**
 * @returns {{ mqttUrl: string, wsUrl: string, bridged: boolean, stop(): Promise<void> }}
 */
export async function startBenchMosquitto() {
  const dir = mkdtempSync(join(tmpdir(), 'lobby-bench-mosquitto-'));
  const tcpPort = await freePort();
  const wsPort = await freePort();
  const processes = [];
  const stop = async () => {
    for (const child of processes.reverse()) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const withWs = await startMosquitto(dir, tcpPort, `listener ${tcpPort} 127.0.0.1\nlistener ${wsPort} 127.0.0.1\nprotocol websockets`);
    if (withWs.broker) {
      processes.push(withWs.broker);
      if (await listening(wsPort)) return { mqttUrl: `mqtt://127.0.0.1:${tcpPort}`, wsUrl: `ws://127.0.0.1:${wsPort}/mqtt`, bridged: false, stop };
    }
    if (processes.length === 0) {
      // This Mosquitto has no WebSocket support ("Unable to start any listening sockets").
      const tcpOnly = await startMosquitto(dir, tcpPort, `listener ${tcpPort} 127.0.0.1`);
      if (!tcpOnly.broker) throw new Error(`mosquitto did not start: ${tcpOnly.log}`);
      processes.push(tcpOnly.broker);
    }
    const bridge = startChild(process.execPath, [new URL('./ws-mqtt-bridge.mjs', import.meta.url).pathname, String(tcpPort)], { stdio: ['pipe', 'pipe', 'inherit'] });
    processes.push(bridge);
    const wsUrl = await new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error('ws-mqtt-bridge did not start')), 10_000);
      bridge.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /READY (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      bridge.once('exit', (code) => reject(new Error(`ws-mqtt-bridge exited with ${code}`)));
    });
    return { mqttUrl: `mqtt://127.0.0.1:${tcpPort}`, wsUrl, bridged: true, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
