import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEMO_SIGN_KEY, signedHeaders, type AnyCall, type Envelope } from '@lobby/sdk';

const WORKER = fileURLToPath(new URL('./crash-worker.fixture.mjs', import.meta.url));

/** A server process started for the crash test. */
export interface Worker {
  url: string;
  child: ChildProcess;
}

/** Starts the server in its own process with `env` (DATA_DIR or DATABASE_URL); resolves once it listens. */
export function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, ...env, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    child.once('exit', (code) => reject(new Error(`worker exited early with ${code}`)));
    lines.once('line', (line) => resolve({ url: (JSON.parse(line) as { url: string }).url, child }));
  });
}

/** Kills the worker with `signal` and waits until it is gone. */
export async function stopWorker(worker: Worker, signal: NodeJS.Signals): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill(signal);
  await exited;
}

/** One signed JSON call over real HTTP; resolves to the envelope, or the network error. */
export async function signedPost<T>(url: string, call: AnyCall, body: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const text = JSON.stringify(body);
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const deviceId = 'crash-test-device';
  const response = await fetch(`${url}${call.path}`, {
    method: 'POST',
    body: text,
    headers: {
      'content-type': 'application/json',
      ...signedHeaders({ method: 'POST', pathWithQuery: call.path, timestamp, nonce, deviceId, body: text, signKey: DEMO_SIGN_KEY, siteId: 4 }),
      ...headers,
    },
  });
  return (await response.json()) as Envelope<T>;
}
