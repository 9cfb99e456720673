import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * End-to-end tests: the built server in its own process, real databases, real brokers
 * and Debian's Chromium. `npm test` builds first.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@lobby/sdk': here('../packages/sdk/src/index.ts'),
    },
  },
  test: {
    root: here('.'),
    include: ['**/*.e2e.test.ts'],
    // One migrated and seeded database for the run; each test server starts on a copy.
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    // expect.poll waits up to 10 s (vitest's default is 1 s): a page under two files' load can take
    // longer than a second to load a route's chunk, and a poll only ever waits for what must happen.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 90_000,
    // One file at a time: each file's server and Chromium already use both cores, and two files at
    // once took as long (1,081 to 1,435 s for the 47 files against 1,384 s) with more load-born flakes.
    fileParallelism: false,
  },
});
