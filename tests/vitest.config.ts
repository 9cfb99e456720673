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
    // Two files at a time, each with its own server and Chromium: one file alone keeps 1.2 of the
    // two cores busy (it waits on pages, timers and its server), two keep 1.7 busy. Same machine and
    // hour, 2026-11-28: eight files 155 s one at a time, 100 s two at a time; the 47 files 674 s
    // two at a time (1,063 s of file time).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
