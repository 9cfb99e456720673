// Shared pieces of every benchmark: child-process targets, autocannon runs, and the
// report that prints each figure beside its budget.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * Starts a bench target (see target.mjs) and resolves with its URL and a stop function.
 * BENCH_LOBBY_NODE_ARGS adds Node options to the lobby target only, to profile the server
 * under a bench's load (`BENCH_LOBBY_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`).
 */
export function startTarget(kind, env = {}) {
  const nodeArgs = kind === 'lobby' ? (process.env.BENCH_LOBBY_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  const child = spawn(process.execPath, [...nodeArgs, new URL('./target.mjs', import.meta.url).pathname, kind], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`target ${kind} did not start: ${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /READY (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.stdin.end();
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`target ${kind} exited with ${code}: ${output}`)));
  });
}

/**
 * Drives `url` with autocannon for `durationS` seconds. `setupRequest` can rewrite each
 * request (fresh signature and nonce); `requestBuffers(connectionIndex)` instead gives each
 * connection a function answering the raw bytes of its next request. With
 * `expectEnvelopeOk`, an answer whose body does not start with `{"code":0` counts as an
 * error even when its HTTP status is 2xx (a business refusal).
 */
export async function load({ url, method = 'GET', path, body, headers = {}, setupRequest, requestBuffers, expectEnvelopeOk = false, connections = 10, durationS = 5 }) {
  let created = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    requests: [{ method, path, body, headers, ...(setupRequest ? { setupRequest } : {}) }],
    // Each connection writes its own pre-built requests (signed.mjs, presignedBuffers)
    // where autocannon 8.0.0's client asks for the bytes to write (getRequestBuffer).
    ...(requestBuffers ? { setupClient: (client) => void (client.getRequestBuffer = requestBuffers(created++)) } : {}),
    ...(expectEnvelopeOk ? { verifyBody: (text) => text.startsWith('{"code":0,') } : {}),
  });
  const ok = result['2xx'] - (expectEnvelopeOk ? result.mismatches : 0);
  const total = result.requests.total;
  return {
    requestsPerSecond: Math.round(ok / durationS),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts + result.mismatches,
    total,
  };
}

/** Collects figures; `print()` writes one line per figure with its budget and a verdict. */
export function createReport(name) {
  const rows = [];
  return {
    rows,
    /**
     * @param label what was measured
     * @param value the figure
     * @param unit its unit
     * @param budget { min } or { max } or null (a figure shown for orientation)
     */
    add(label, value, unit, budget = null) {
      const within = budget === null ? null : budget.min !== undefined ? value >= budget.min : value <= budget.max;
      rows.push({ bench: name, label, value, unit, budget, within });
    },
    print() {
      for (const row of rows) {
        const budgetText = row.budget === null ? 'no budget' : row.budget.min !== undefined ? `budget >= ${row.budget.min}` : `budget <= ${row.budget.max}`;
        const verdict = row.within === null ? '' : row.within ? 'ok' : 'OVER BUDGET';
        console.log(`${row.label.padEnd(58)} ${String(row.value).padStart(10)} ${row.unit.padEnd(6)} ${budgetText.padEnd(18)} ${verdict}`);
      }
    },
  };
}
