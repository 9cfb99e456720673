// In-process database loops for the wallet bench: loads the server's TypeScript sources
// through Vite's SSR loader (no build needed, as the crash test does) and times work
// items run by concurrent workers for a fixed duration.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Loads server modules by repo path; call `close()` when done. */
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

/** The value at quantile q (0..1) of sorted numbers. */
const quantile = (sorted, q) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);

/**
 * Runs `work(workerIndex, iteration)` in `workers` concurrent loops for `durationS`
 * seconds; answers operations per second and latency quantiles in ms.
 */
export async function timedLoop({ workers, durationS, work }) {
  const latencies = [];
  const until = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i += 1) {
        const t0 = performance.now();
        await work(worker, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (ms) => Number(ms.toFixed(2));
  return { perSecond: Math.round(latencies.length / elapsedS), p50Ms: round(quantile(latencies, 0.5)), p99Ms: round(quantile(latencies, 0.99)), count: latencies.length };
}
