// Loads the server's TypeScript sources through Vite's SSR loader, so a bench or a test
// process can run them without a build (the sdk resolves to its sources too).
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * Loads server modules by repo path; call `close()` when done.
 *
 * @example const { modules, close } = await serverModules({ server: '/packages/server/src/server.ts' });
 */
export async function serverModules(paths) {
  const vite = await createServer({
    configFile: false,
    root,
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    resolve: { alias: { '@lobby/sdk': `${root}packages/sdk/src/index.ts` } },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const modules = {};
  for (const [name, path] of Object.entries(paths)) modules[name] = await vite.ssrLoadModule(path);
  return { modules, close: () => vite.close() };
}
