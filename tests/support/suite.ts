import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { startBuiltServer, type RunningServer, type StartOptions } from './server.js';

export interface BrowserSuiteOptions {
  /** The built server's environment, beside its fresh PORT, HOST, DATA_DIR and LOG_LEVEL. */
  env?: Record<string, string>;
  /** Chromium flags beside CHROMIUM_ARGS, e.g. `--host-resolver-rules=MAP aurora.localhost 127.0.0.1`. */
  chromiumArgs?: string[];
}

/**
 * The one browser test fixture: the built server (a fresh embedded database on a free
 * port) and Chromium, started before the file's tests and closed after them. `server` and
 * `browser` stand for the real ones once the hooks ran, so tests read `server.url` and call
 * `browser.newContext()` as usual. A file's own beforeAll, registered after this call, runs
 * after these hooks; its afterAll runs before them.
 *
 * @example const { server, browser } = browserSuite({ chromiumArgs: ['--host-resolver-rules=MAP aurora.localhost 127.0.0.1'] });
 */
export function browserSuite(options: BrowserSuiteOptions = {}): { readonly server: RunningServer; readonly browser: Browser } {
  return { ...serverSuite(options.env), ...chromiumSuite(options.chromiumArgs) };
}

/**
 * The built server alone, for a file that drives it over HTTP only (`{ fresh: true }`:
 * on a database it migrates and seeds itself, for a test of the first start).
 *
 * @example const { server } = serverSuite({ LOBBY_OPERATOR_TOKEN: OPS_TOKEN });
 */
export function serverSuite(env: Record<string, string> = {}, options: StartOptions = {}): { readonly server: RunningServer } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startBuiltServer(env, options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return { server: standIn(() => server, 'server') };
}

/**
 * Chromium alone, for a file that runs its own kind of server (another broker, restarts).
 *
 * @example const { browser } = chromiumSuite(['--disable-features=LocalNetworkAccessChecks']);
 */
export function chromiumSuite(args: string[] = []): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(args);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { browser: standIn(() => browser, 'browser') };
}

/** Forwards every property read to `current()` (methods bound to it), once it exists. */
function standIn<T extends object>(current: () => T | undefined, name: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      // Not a promise, and printable, before it exists.
      if (!target && (key === 'then' || typeof key === 'symbol')) return undefined;
      if (!target) throw new Error(`tests/support/suite: ${name} used before the suite's beforeAll ran`);
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
