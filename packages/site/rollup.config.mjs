// @lobby/site build: the React host site as ESM with code splitting. The entry is
// dist/assets/main.js; every lazily loaded route is its own chunk in dist/assets/;
// index.html and the plain CSS are copied beside them. The server serves dist/ at /,
// replacing %LOBBY_CONFIG% in index.html.
import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { widgetFolders } from './widget-folders.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** Files copied as they are: output name (relative to dist/) -> source. */
const staticFiles = {
  'index.html': 'index.html',
  'assets/site.css': 'src/styles/site.css',
  'assets/sportsbook.css': 'src/styles/sportsbook.css',
  'assets/content.css': 'src/styles/content.css',
  'assets/live.css': 'src/styles/live.css',
  'favicon.svg': 'public/favicon.svg',
};

const modules = join(here, '../../node_modules');

/**
 * Resolves the workspace packages to their sources, so the site bundles what it uses,
 * and react-router to its production build (its package exports map offers only the
 * development build, with dev-only checks and warnings).
 */
function sourceAliases() {
  const sources = {
    '@lobby/sdk': join(here, '../sdk/src/index.ts'),
    '@lobby/widgets': join(here, '../widgets/src/index.ts'),
    'react-router': join(modules, 'react-router/dist/production/index.mjs'),
    'react-router/dom': join(modules, 'react-router/dist/production/dom-export.mjs'),
  };
  return { name: 'source-aliases', resolveId: (id) => sources[id] ?? null };
}

/**
 * The workspace packages are bundled from source, where rollup cannot see their
 * package.json; honour their `"sideEffects": false` so unused modules drop out.
 */
const sideEffectFreeSources = ['sdk', 'widgets']
  .filter((name) => JSON.parse(readFileSync(join(here, '..', name, 'package.json'), 'utf8')).sideEffects === false)
  .map((name) => join(here, '..', name, 'src') + sep);

function moduleSideEffects(id) {
  return !sideEffectFreeSources.some((source) => id.startsWith(source));
}

/** React Router marks its modules "use client"; that means nothing in a client bundle. */
function onwarn(warning, warn) {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
  warn(warning);
}

/** Names a route's chunk after its folder (routes/home/route.tsx -> assets/home-<hash>.js). */
function chunkFileName(chunk) {
  const route = /[\\/]routes[\\/]([^\\/]+)[\\/]route\.tsx$/.exec(chunk.facadeModuleId ?? '');
  return `assets/${route ? route[1] : '[name]'}-[hash].js`;
}

/**
 * Emits the static files. In index.html it adds `<link rel="modulepreload">` for the
 * chunks of the route named `preloadRoute` (home), so the first page does not wait for
 * main.js to run before fetching them.
 */
function copyStatic(files, preloadRoute) {
  return {
    name: 'copy-static',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(preloadRoute));
      const preload = route ? [route.fileName, ...route.imports].filter((name) => !entry?.imports.includes(name) && name !== entry?.fileName) : [];
      const links = preload.map((name) => `<link rel="modulepreload" href="/${name}">`).join('\n    ');
      for (const [fileName, source] of Object.entries(files)) {
        const path = join(here, source);
        this.addWatchFile(path);
        let text = readFileSync(path, 'utf8');
        if (fileName === 'index.html' && links) text = text.replace('</head>', `  ${links}\n  </head>`);
        this.emitFile({ type: 'asset', fileName, source: text });
      }
    },
  };
}

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: { main: join(here, 'src/main.tsx') },
    onwarn,
    treeshake: { moduleSideEffects },
    output: {
      dir: join(here, 'dist'),
      format: 'es',
      entryFileNames: 'assets/[name].js',
      chunkFileNames: chunkFileName,
    },
    plugins: [
      sourceAliases(),
      widgetFolders(),
      nodeResolve({ browser: true }),
      commonjs(),
      replace({ preventAssignment: true, 'process.env.NODE_ENV': JSON.stringify('production') }),
      typescript({
        tsconfig: join(here, 'tsconfig.json'),
        filterRoot: join(here, '../..'),
        // node_modules too: TypeScript's resolver prefers a package's shipped index.ts over its
        // index.js (@scure/base ships both); excluded, it resolves through nodeResolve to its
        // JavaScript (as in packages/widgets/rollup.config.mjs).
        exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
        // Type checking is `tsc -p packages/site --noEmit` (a step of `npm test`); the
        // build only transpiles, which keeps it fast.
        compilerOptions: { sourceMap: false, noCheck: true, types: [] },
      }),
      terser(),
      copyStatic(staticFiles, join('routes', 'home', 'route.tsx')),
    ],
  },
];
