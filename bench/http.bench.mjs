// Login and base-config requests per second and p99 through the real HTTP stack, each
// beside a bare Fastify hello-world measured in the same run. The base-config requests are
// signed as a browser signs them (own timestamp, nonce and signature each) but built before
// the timed window (presignedBuffers, as the wallet bench), so the figure is the server's and
// not the load generator's signing; each login is signed in the window (its scrypt dwarfs it).
import { randomBytes, scrypt } from 'node:crypto';
import { webLogin, siteBaseConfig } from '../packages/sdk/dist/index.js';
import { demoLoginBody, presignedBuffers, signed } from './support/signed.mjs';
import { createReport, load, startTarget } from './support/harness.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 10;
/**
 * Password hashes per second with the server's scrypt cost (N 16384, r 8, p 1), 10 at a
 * time like the 10 connections: the floor under any login, to compare login against.
 */
async function scryptPerSecond(durationS) {
  const until = Date.now() + durationS * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await new Promise((resolve, reject) =>
        scrypt('e10adc3949ba59abbe56e057f20f883e', randomBytes(16), 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error) => (error ? reject(error) : resolve())),
      );
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return Math.round(done / durationS);
}

export async function run() {
  const report = createReport('http');
  const hello = await startTarget('hello');
  const helloFigures = await load({ url: hello.url, path: '/hello', connections: CONNECTIONS, durationS: DURATION_S });
  await hello.stop();

  const lobby = await startTarget('lobby');
  // Per connection: 1.5 times its share of what the window could use at the hello-world's rate.
  const configRequests = presignedBuffers(lobby.url, 'GET', siteBaseConfig.path, '', undefined, CONNECTIONS, Math.ceil((helloFigures.requestsPerSecond * DURATION_S * 1.5) / CONNECTIONS) + 500);
  const configFigures = await load({
    url: lobby.url,
    path: siteBaseConfig.path,
    requestBuffers: configRequests.requestBuffers,
    expectEnvelopeOk: true,
    connections: CONNECTIONS,
    durationS: DURATION_S,
  });
  // A connection that ran out of requests sent its last one again: counted as a failure.
  const configOutgrown = configRequests.exhausted() ? 1 : 0;
  const loginBody = demoLoginBody();
  const loginFigures = await load({
    url: lobby.url,
    method: 'POST',
    path: webLogin.path,
    body: loginBody,
    setupRequest: signed('POST', webLogin.path, loginBody),
    connections: CONNECTIONS,
    durationS: DURATION_S,
  });
  await lobby.stop();
  const hashesPerSecond = await scryptPerSecond(DURATION_S);

  const ratio = (figures) => Number((figures.requestsPerSecond / helloFigures.requestsPerSecond).toFixed(3));
  report.add('fastify hello-world requests/s', helloFigures.requestsPerSecond, 'req/s');
  report.add('fastify hello-world p99', helloFigures.p99Ms, 'ms');
  report.add('siteBaseConfig requests/s', configFigures.requestsPerSecond, 'req/s');
  report.add('siteBaseConfig / hello-world', ratio(configFigures), 'ratio', { min: 0.2 });
  report.add('siteBaseConfig p99', configFigures.p99Ms, 'ms', { max: 50 });
  report.add('siteBaseConfig refused or failed requests', configFigures.non2xx + configFigures.errors + configOutgrown, 'req', { max: 0 });
  report.add('bare scrypt hashes/s (the login password cost)', hashesPerSecond, 'hash/s');
  report.add('webLogin requests/s', loginFigures.requestsPerSecond, 'req/s');
  report.add('webLogin / bare scrypt', Number((loginFigures.requestsPerSecond / Math.max(hashesPerSecond, 1)).toFixed(3)), 'ratio', { min: 0.5 });
  report.add('webLogin / hello-world', ratio(loginFigures), 'ratio');
  report.add('webLogin p99', loginFigures.p99Ms, 'ms', { max: 1000 });
  report.add('webLogin refused or failed requests', loginFigures.non2xx + loginFigures.errors, 'req', { max: 0 });
  return report;
}
