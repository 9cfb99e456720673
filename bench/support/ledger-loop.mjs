// In-process database loops for the wallet bench: times work items run by concurrent
// workers for a fixed duration.

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
