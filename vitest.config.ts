import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { widgetFolders } from './packages/site/widget-folders.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Unit and integration tests of every package; browser end-to-end tests live in tests/. */
export default defineConfig({
  plugins: [widgetFolders()],
  resolve: {
    alias: {
      '@lobby/sdk': here('./packages/sdk/src/index.ts'),
      '@lobby/widgets': here('./packages/widgets/src/index.ts'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrates each database engine once per run into a template every test file copies.
    globalSetup: [here('./packages/server/src/testing/database-templates.ts')],
  },
});
