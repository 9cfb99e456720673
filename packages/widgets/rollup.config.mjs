// @lobby/widgets build: one standalone IIFE file per element (dependencies inlined,
// minified) in dist/<name>.js, and ESM for bundlers in dist/esm/ (shared chunks,
// dependencies external). Entries are found, not listed: every src/<folder>/entry.ts is a
// standalone file dist/lobby-<folder>.js (e.g. src/order-ball/entry.ts ->
// dist/lobby-order-ball.js), so adding a widget never edits this file.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import MagicString from 'magic-string';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

/** Every src/<folder>/entry.ts, as output name -> entry path. */
const discovered = Object.fromEntries(
  readdirSync(join(here, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(here, 'src', entry.name, 'entry.ts')))
    .map((entry) => [`lobby-${entry.name}`, `src/${entry.name}/entry.ts`]),
);

/** Standalone files: output name (the element name, or `lobby` for the loader) -> entry. */
const standalone = {
  lobby: 'src/loader/lobby.ts',
  ...discovered,
};

/** ESM entries for bundlers. */
const esmEntries = {
  index: 'src/index.ts',
  ...standalone,
};

/** Bare imports the ESM build leaves to the consumer's bundler. */
const esmExternal = /^(?:preact|@preact|nanostores|@nanostores|@lobby\/sdk)(?:\/|$)/;

/** Resolves the workspace packages to their sources, so the standalone files inline them. */
function workspaceSources() {
  const sources = {
    '@lobby/sdk': join(here, '../sdk/src/index.ts'),
    '@lobby/widgets': join(here, 'src/index.ts'),
  };
  return { name: 'workspace-sources', resolveId: (id) => sources[id] ?? null };
}

function typescriptPlugin() {
  return typescript({
    tsconfig: join(here, 'tsconfig.json'),
    filterRoot: join(here, '../..'),
    // node_modules too: TypeScript's resolver prefers a package's shipped index.ts over its
    // index.js (@scure/base ships both) and runs before nodeResolve; excluded, the package
    // resolves through nodeResolve to its JavaScript.
    exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    // Type checking is `tsc -p packages/widgets --noEmit` (a step of `npm test`); the
    // build only transpiles, which keeps it fast.
    compilerOptions: { sourceMap: false, noCheck: true, types: [] },
  });
}

/**
 * The sdk declares `"sideEffects": false`, but its sources are resolved here by path, so
 * rollup cannot see that: without this, every `defineCall(...)` of the whole contract
 * stays in every widget file.
 */
const sdkSources = join(here, '../sdk/src');
// The contract's schema builder `s` and `defineCall` build plain objects: declaring them
// pure (and the contract files' local helpers that only call them) lets rollup drop the
// schemas and calls a widget never uses.
const treeshake = { moduleSideEffects: (id) => !id.startsWith(sdkSources), manualPureFunctions: ['s', 'defineCall', 'yuan', 'usdt', 'url', 'venueCode', 'login', 'register', 'checkName', 'orderAction'] };

/** The properties of a contract call that the widgets' client (src/core/api.ts) never reads. */
const UNREAD_CALL_PROPERTIES = new Set(['request', 'response', 'summary', 'group', 'readOnly']);

/** An object literal that spells a call out before it reaches defineCall (it has both `name` and `path`), like the chat calls' shared definitions. */
function isCallLiteral(node) {
  if (node.type !== 'ObjectExpression') return false;
  const keys = new Set(node.properties.filter((property) => property.type === 'Property' && !property.computed).map((property) => property.key.name ?? property.key.value));
  return keys.has('name') && keys.has('path');
}

/**
 * The widgets' client reads a call's name, path, style, auth, method and movesMoney only;
 * its request and response schemas, summary and group serve the server and the OpenAPI
 * document, and readOnly the server's nonce check. This drops them from every `defineCall({...})` of the sdk contract, and
 * from the call literals that reach it through a helper (the chat calls), in the standalone files, so the schemas they built (with their descriptions) are dropped too:
 * about 1 KB gzip off the order ball. The ESM build keeps the contract whole.
 */
function wireOnlyCalls() {
  const contract = join(sdkSources, 'contract/');
  const nodesOf = (node) => Object.values(node).flatMap((value) => (Array.isArray(value) ? value : [value])).filter((value) => value && typeof value.type === 'string');
  return {
    name: 'wire-only-calls',
    transform(code, id) {
      if (!id.startsWith(contract) || !code.includes('defineCall(')) return null;
      const out = new MagicString(code);
      const visit = (node) => {
        const definition = node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'defineCall' ? node.arguments[0] : isCallLiteral(node) ? node : null;
        if (definition?.type === 'ObjectExpression') {
          for (const property of definition.properties) {
            if (property.type !== 'Property' || property.computed || !UNREAD_CALL_PROPERTIES.has(property.key.name ?? property.key.value)) continue;
            // The property and its comma (a trailing comma stays legal when it was the last).
            const comma = /^\s*,/.exec(code.slice(property.end));
            out.remove(property.start, property.end + (comma ? comma[0].length : 0));
          }
        }
        nodesOf(node).forEach(visit);
      };
      visit(this.parse(code));
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

/**
 * Globals the dependencies would leave on a host page, removed from the standalone files
 * (a partner page gains only the documented `lobby`):
 * - nanostores keeps its epoch counter in `globalThis.nanostoresGlobal` so that copies of
 *   nanostores bundled apart share it (a computed store of one copy over an atom of
 *   another). Each standalone file is its own world, with its own sdk and stores (they
 *   share state through the `lobby` stub, not through stores), so a file-local counter is
 *   enough.
 * - mqtt.js's browser build carries Babel's regenerator runtime, which assigns itself to
 *   the global `regeneratorRuntime` (overwriting a host's own); mqtt.js uses its imported
 *   copy, never the global.
 * A dependency update that changes these lines fails the build rather than leak again.
 */
const GLOBAL_WRITES = [
  { file: /[\\/]nanostores[\\/]atom[\\/]index\.js$/, find: /\(globalThis\.nanostoresGlobal \|\|= (\{ epoch: 0 \})\)/g, replace: '$1', left: /globalThis\.nanostoresGlobal\s*\|\|=/ },
  { file: /[\\/]mqtt[\\/]dist[\\/]mqtt\.esm\.js$/, find: /try\{regeneratorRuntime=\w+\}catch(?:\(\w+\))?\{[^{}]*\}/g, replace: '', left: /regeneratorRuntime\s*=/ },
];

function noHostGlobals() {
  return {
    name: 'no-host-globals',
    transform(code, id) {
      const rule = GLOBAL_WRITES.find((candidate) => candidate.file.test(id));
      if (!rule) return null;
      const out = code.replace(rule.find, rule.replace);
      if (out === code || rule.left.test(out)) this.error(`no-host-globals: ${id} changed; its global write is not where rollup.config.mjs expects it`);
      return { code: out, map: null };
    },
  };
}

/** @type {import('rollup').RollupOptions[]} */
const standaloneBuilds = Object.entries(standalone).map(([name, entry]) => ({
  input: join(here, entry),
  output: { file: join(dist, `${name}.js`), format: 'iife' },
  treeshake,
  plugins: [
    workspaceSources(),
    nodeResolve({ browser: true }),
    noHostGlobals(),
    commonjs(),
    replace({ preventAssignment: true, 'process.env.NODE_ENV': JSON.stringify('production') }),
    typescriptPlugin(),
    wireOnlyCalls(),
    // Three compress passes on ES2020: a few hundred bytes off each file, which the size
    // budgets need.
    terser({ ecma: 2020, compress: { passes: 3 } }),
  ],
}));

/** The ESM entries that get declarations (dist/types/): the index, the loader and the five elements. */
const TYPED_ENTRIES = ['src/index.ts', 'src/loader/lobby.ts', 'src/platform/elements.ts', ...['order-ball', 'float-window', 'coin-purchase', 'app-download', 'chat-box'].map((name) => `src/${name}/entry.ts`)];

/**
 * Writes dist/types/ (declarations of TYPED_ENTRIES and what they import, mirroring src/)
 * and ships the React JSX typings as dist/types/platform/react.d.ts. `@lobby/sdk` is
 * resolved as a package (its dist/types), not through the repository's path to its
 * sources, so the declarations import it by name and only the widgets' files are written.
 */
function declarations() {
  return {
    name: 'declarations',
    writeBundle() {
      const types = join(dist, 'types');
      const { config } = ts.readConfigFile(join(here, 'tsconfig.json'), ts.sys.readFile);
      const { options } = ts.parseJsonConfigFileContent(config, ts.sys, here);
      const program = ts.createProgram(TYPED_ENTRIES.map((entry) => join(here, entry)), {
        ...options, paths: undefined, noEmit: false, declaration: true, emitDeclarationOnly: true, noCheck: true,
        declarationDir: types, rootDir: join(here, 'src'), types: [],
      });
      const { diagnostics, emitSkipped } = program.emit();
      if (emitSkipped || diagnostics.length > 0) this.error(`declarations: ${ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => here, getNewLine: () => '\n' })}`);
      mkdirSync(join(types, 'platform'), { recursive: true });
      copyFileSync(join(here, 'src/platform/react.d.ts'), join(types, 'platform/react.d.ts'));
    },
  };
}

/** @type {import('rollup').RollupOptions} */
const esmBuild = {
  input: Object.fromEntries(Object.entries(esmEntries).map(([name, entry]) => [name, join(here, entry)])),
  external: (id) => esmExternal.test(id) && !isAbsolute(id),
  output: { dir: join(dist, 'esm'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  plugins: [typescriptPlugin(), declarations()],
};

export default [...standaloneBuilds, esmBuild];
