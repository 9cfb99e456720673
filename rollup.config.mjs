// The one build of the monorepo (`npm run build`): each package keeps its own rollup
// config, exporting an array of options; this file runs them in order. The sdk comes
// first because the server imports its built dist/ at run time. The server's config is
// optional so the browser packages build before it exists.
import { existsSync } from 'node:fs';
import { precompress } from './scripts/precompress.mjs';
import sdk from './packages/sdk/rollup.config.mjs';
import site from './packages/site/rollup.config.mjs';
import widgets from './packages/widgets/rollup.config.mjs';
import reactHost from './examples/react-host/rollup.config.mjs';
import studioUi from './packages/studio-ui/rollup.config.mjs';

const serverConfig = new URL('./packages/server/rollup.config.mjs', import.meta.url);
const server = existsSync(serverConfig) ? (await import(serverConfig.href)).default : [];

/** Browser builds also get .gz and .br files beside their output (see scripts/precompress.mjs). */
const forBrowsers = (configs) => configs.map((config) => ({ ...config, plugins: [...(config.plugins ?? []), precompress()] }));

/** @type {import('rollup').RollupOptions[]} */
export default [...sdk, ...forBrowsers(widgets), ...forBrowsers(site), ...forBrowsers(reactHost), ...forBrowsers(studioUi), ...server];
