// The React host example's build: src/main.tsx and React as one ES module, dist/main.js,
// which index.html loads. The widgets themselves come from the server's /widgets/ files.
// The root rollup.config.mjs runs it as part of `npm run build`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * One build of src/main.tsx with React's production or development code: dist/main.js for
 * index.html, and dist/main.dev.js for dev.html, where <StrictMode> runs its dev-only checks
 * (effects and ref callbacks twice), which tests/widgets-react.e2e.test.ts mounts 200 times.
 *
 * @param {'production' | 'development'} mode
 * @returns {import('rollup').RollupOptions}
 */
function build(mode) {
  return {
    input: join(here, 'src/main.tsx'),
    output: { file: join(here, mode === 'production' ? 'dist/main.js' : 'dist/main.dev.js'), format: 'es' },
    plugins: [
      nodeResolve({ browser: true }),
      commonjs(),
      replace({ preventAssignment: true, 'process.env.NODE_ENV': JSON.stringify(mode) }),
      typescript({
        tsconfig: join(here, 'tsconfig.json'),
        filterRoot: join(here, '../..'),
        // Type checking is `tsc -p examples/react-host`; the build only transpiles.
        compilerOptions: { sourceMap: false, noCheck: true, types: [] },
      }),
      ...(mode === 'production' ? [terser()] : []),
    ],
  };
}

/** @type {import('rollup').RollupOptions[]} */
export default [build('production'), build('development')];
