// @lobby/sdk build: one ESM file (dist/index.js) for browsers and Node, with declarations
// under dist/types, as package.json "exports" says. Dependencies stay external.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import typescript from '@rollup/plugin-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: join(here, 'src/index.ts'),
    external: (id) => /^nanostores(?:\/|$)/.test(id) || id.startsWith('node:'),
    output: { dir: dist, format: 'es', entryFileNames: 'index.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [
      typescript({
        tsconfig: join(here, 'tsconfig.json'),
        filterRoot: here,
        exclude: ['**/*.test.ts', 'src/testing/**'],
        // Type checking is `tsc -p packages/sdk --noEmit` (a step of `npm test`); the build
        // only transpiles and writes declarations, which keeps it fast.
        compilerOptions: {
          noCheck: true,
          sourceMap: false,
          declaration: true,
          declarationDir: join(dist, 'types'),
          rootDir: join(here, 'src'),
        },
      }),
    ],
  },
];
