import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Migrate and seed a new database instead of copying the run's template (a test of the first start). */
  fresh?: boolean;
  /** The data directory to use (default: a new temporary one). */
  dataDir?: string;
  /** Leave the data directory in place on stop (the template). */
  keepDataDir?: boolean;
}

/** The run's migrated and seeded template (tests/support/global-setup.ts), when there is one. */
function templateDataDir(): string | undefined {
  try {
    return inject('templateDataDir');
  } catch {
    return undefined;
  }
}

/**
 * Starts the built server (what `npm start` runs) in its own process on a free port, on
 * its own embedded database: a copy of the run's migrated and seeded template (a
 * restart of the seeded product), or a new one when `fresh` (or no template), and
 * resolves once it prints its URL.
 *
 * @example const server = await startBuiltServer(); ...; await server.stop();
 */
export async function startBuiltServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lobby-e2e-'));
  const template = options.fresh || env.DATABASE_URL ? undefined : templateDataDir();
  if (template) cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, [join(repoRoot, 'packages/server/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0):\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('0.0.0.0', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
