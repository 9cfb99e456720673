import { fileURLToPath } from 'node:url';
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';

/**
 * Builds the server to packages/server/dist/server.js (ESM, Node). Every bare import
 * stays external (installed packages) except @lobby/sdk, which is bundled from its
 * sources. Paths resolve from this file, so the root rollup.config.mjs can import it.
 */
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const sdkEntry = here('../sdk/src/index.ts');

/** Resolves @lobby/sdk to its TypeScript sources. */
const lobbySdk = {
  name: 'lobby-sdk-source',
  resolveId(id) {
    return id === '@lobby/sdk' ? sdkEntry : null;
  },
};

const isBare = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:[\\/]/.test(id);

export default [
  {
    input: here('src/server.ts'),
    output: { file: here('dist/server.js'), format: 'es', sourcemap: true, inlineDynamicImports: true },
    external: (id) => isBare(id) && id !== '@lobby/sdk',
    // The sdk declares "sideEffects": false; unused externals (ofetch, nanostores) drop out.
    treeshake: { moduleSideEffects: (id, external) => !external && !id.includes('/packages/sdk/') },
    plugins: [
      lobbySdk,
      typescript({ tsconfig: here('tsconfig.build.json'), outputToFilesystem: false, noEmitOnError: true }),
      resolve({ preferBuiltins: true, exportConditions: ['node'], extensions: ['.ts', '.mjs', '.js', '.json'] }),
    ],
    onwarn(warning, warn) {
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.some((id) => id.includes('node_modules'))) return;
      warn(warning);
    },
  },
];
