// The studio's game pages (issue 18; docs/STUDIO.md "Game pages and postMessage"): one page
// template (play.html) and one ES module entry (assets/play.js) that loads the bundle of
// the game's engine (assets/<engine>-<hash>.js) and, on shared tables only, mqtt.js. The
// server serves dist/ under /studio/play/<gameCode> and /studio/assets/ (studio/pages.ts).
// Not an npm workspace: it bundles the sdk from source and uses the root's dependencies.
import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const here = dirname(fileURLToPath(import.meta.url));

/** Files copied as they are: output name (relative to dist/) -> source. */
const staticFiles = { 'play.html': 'play.html', 'assets/studio.css': 'src/studio.css' };

function copyStatic(files) {
  return {
    name: 'copy-static',
    generateBundle() {
      for (const [fileName, source] of Object.entries(files)) {
        const path = join(here, source);
        this.addWatchFile(path);
        this.emitFile({ type: 'asset', fileName, source: readFileSync(path, 'utf8') });
      }
    },
  };
}

/** The sdk from source, so only what the pages use is bundled. */
function sdkSource() {
  const sdk = join(here, '../sdk/src/index.ts');
  return { name: 'sdk-source', resolveId: (id) => (id === '@lobby/sdk' ? sdk : null) };
}

/** The sdk's sources have no side effects (its package.json says so), so unused modules drop out. */
const sdkSources = join(here, '../sdk/src') + sep;
const moduleSideEffects = (id) => !id.startsWith(sdkSources);

/** Names each engine's chunk after its file (games/slots.ts -> assets/slots-<hash>.js). */
function chunkFileName(chunk) {
  const game = /[\\/]games[\\/]([^\\/]+)\.ts$/.exec(chunk.facadeModuleId ?? '');
  return `assets/${game ? game[1] : '[name]'}-[hash].js`;
}

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: { play: join(here, 'src/play.ts') },
    treeshake: { moduleSideEffects },
    output: { dir: join(here, 'dist'), format: 'es', entryFileNames: 'assets/[name].js', chunkFileNames: chunkFileName },
    plugins: [
      sdkSource(),
      nodeResolve({ browser: true, preferBuiltins: false }),
      commonjs(),
      replace({ preventAssignment: true, 'process.env.NODE_ENV': JSON.stringify('production') }),
      typescript({
        tsconfig: join(here, 'tsconfig.json'),
        filterRoot: join(here, '../..'),
        exclude: ['**/*.test.ts', '**/node_modules/**'],
        // Type checking is `tsc -p packages/studio-ui --noEmit`; the build only transpiles.
        compilerOptions: { sourceMap: false, noCheck: true, types: [] },
      }),
      terser(),
      copyStatic(staticFiles),
    ],
  },
];
