import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { widgetFolders } from './packages/site/widget-folders.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Every package's tests, and the tests of the start and test scripts. */
const TESTS = ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'];

/**
 * Slow property walks, concurrency and crash suites, by name wherever they live:
 * `*-walk.test.ts`, `*.walk.test.ts`, `*.concurrency.test.ts`, `crash.test.ts` and
 * `*.crash.test.ts`.
 */
const WALKS = ['**/*-walk.test.ts', '**/*.walk.test.ts', '**/*.concurrency.test.ts', '**/crash.test.ts', '**/*.crash.test.ts'];

/**
 * A server test opens a database when its own text calls one of these. The rule follows a
 * file wherever it moves; a file it misses still passes in `unit` (its databases are then
 * migrated on their own instead of copied from the run's template), only slower.
 */
const OPENS_DATABASE =
  /\b(testEngines|serverSuite|databaseSuite|openFreshPostgres|openConcurrencyPostgres|createScratchDatabase|openPglite|openPostgres|openDatabase|startServer)\(/;

/** The server's test files that open a database, relative to the repository root. */
function databaseTests(): string[] {
  const source = 'packages/server/src';
  return readdirSync(here(source), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${source}/${file.replaceAll('\\', '/')}`)
    .filter((file) => OPENS_DATABASE.test(readFileSync(here(file), 'utf8')));
}

const DATABASE_TESTS = databaseTests();

/**
 * The database tests that replace a module (`vi.mock`): a mock holds only in a file's own
 * module graph, so these run isolated; the others share one graph per worker.
 */
const MOCKING_DATABASE_TESTS = DATABASE_TESTS.filter((file) => readFileSync(here(file), 'utf8').includes('vi.mock('));

/** Every database test file starts from a copy of the run's migrated templates. */
const databaseSetup = here('./packages/server/src/testing/database-templates.ts');

/**
 * Unit and integration tests of every package, in three projects that `npm test` runs as
 * separate steps: `unit` (no database), `database` (server tests on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set) and `walks` (slow property walks, concurrency
 * and crash suites). Browser end-to-end tests live in tests/.
 */
export default defineConfig({
  plugins: [widgetFolders()],
  resolve: {
    alias: {
      '@lobby/sdk': here('./packages/sdk/src/index.ts'),
      '@lobby/widgets': here('./packages/widgets/src/index.ts'),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores, one worker each. PGlite is WASM in the worker's own thread, so a third
    // worker only makes every database test wait longer. Worker threads start faster than
    // forked processes (the unit project: 53 s instead of 70 s on a loaded machine).
    pool: 'threads',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: TESTS,
          exclude: [...configDefaults.exclude, ...DATABASE_TESTS, ...WALKS],
        },
      },
      {
        extends: true,
        test: {
          name: 'database',
          include: DATABASE_TESTS,
          exclude: [...configDefaults.exclude, ...WALKS, ...MOCKING_DATABASE_TESTS],
          globalSetup: [databaseSetup],
          // The files of a worker share one module graph: each file importing the server's
          // few hundred modules again cost a third of the project's time (543 s against 355 s
          // for the 108 files, PGlite and PostgreSQL, 2026-11-27). Every app, database and spy
          // a test makes is its own, so no state crosses files; a file that mocks a module
          // runs in `database-mocks`.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'database-mocks',
          include: MOCKING_DATABASE_TESTS,
          exclude: [...configDefaults.exclude, ...WALKS],
          globalSetup: [databaseSetup],
        },
      },
      {
        extends: true,
        test: {
          name: 'walks',
          include: WALKS.map((walk) => `packages/*/src/${walk}`),
          globalSetup: [databaseSetup],
          // As in `database` (none of these mocks a module): 160 s against 140 s.
          isolate: false,
        },
      },
    ],
  },
});
