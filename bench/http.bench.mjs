// Login and base-config requests per second and p99 through the real HTTP stack, each
// beside a bare Fastify hello-world measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { HEADER, CLIENT_TYPE, ORIGINAL_CLIENT_TYPE, CLIENT_VERSION, DEMO_SIGN_KEY, requestSign, md5Hex, webLogin, siteBaseConfig } from '../packages/sdk/dist/index.js';
import { createReport, load, startTarget } from './support/harness.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 10;
const deviceId = randomUUID();

/** Gives every request its own timestamp, nonce and signature, as a browser would. */
function signed(method, path, body = '') {
  return (request) => {
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const sign = requestSign({ method, pathWithQuery: path, timestamp, nonce, deviceId, body, signKey: process.env.LOBBY_SIGN_KEY ?? DEMO_SIGN_KEY });
    return {
      ...request,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        [HEADER.clientType]: CLIENT_TYPE,
        [HEADER.originalClientType]: ORIGINAL_CLIENT_TYPE,
        [HEADER.version]: CLIENT_VERSION,
        [HEADER.siteId]: '4',
        [HEADER.deviceId]: deviceId,
        [HEADER.timestamp]: timestamp,
        [HEADER.nonce]: nonce,
        [HEADER.sign]: sign,
      },
      ...(method === 'GET' ? {} : { body }),
    };
  };
}

export async function run() {
  const report = createReport('http');
  const hello = await startTarget('hello');
  const helloFigures = await load({ url: hello.url, path: '/hello', connections: CONNECTIONS, durationS: DURATION_S });
  await hello.stop();

  const lobby = await startTarget('lobby');
  const configFigures = await load({
    url: lobby.url,
    path: siteBaseConfig.path,
    setupRequest: signed('GET', siteBaseConfig.path),
    connections: CONNECTIONS,
    durationS: DURATION_S,
  });
  const loginBody = JSON.stringify({ name: 'demo', password: md5Hex(process.env.LOBBY_DEMO_PASSWORD ?? 'demo1234') });
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

  const ratio = (figures) => Number((figures.requestsPerSecond / helloFigures.requestsPerSecond).toFixed(3));
  report.add('fastify hello-world requests/s', helloFigures.requestsPerSecond, 'req/s');
  report.add('fastify hello-world p99', helloFigures.p99Ms, 'ms');
  report.add('siteBaseConfig requests/s', configFigures.requestsPerSecond, 'req/s');
  report.add('siteBaseConfig / hello-world', ratio(configFigures), 'ratio', { min: 0.2 });
  report.add('siteBaseConfig p99', configFigures.p99Ms, 'ms', { max: 50 });
  report.add('siteBaseConfig refused or failed requests', configFigures.non2xx + configFigures.errors, 'req', { max: 0 });
  report.add('webLogin requests/s (scrypt password check)', loginFigures.requestsPerSecond, 'req/s', { min: 50 });
  report.add('webLogin / hello-world', ratio(loginFigures), 'ratio');
  report.add('webLogin p99', loginFigures.p99Ms, 'ms', { max: 500 });
  report.add('webLogin refused or failed requests', loginFigures.non2xx + loginFigures.errors, 'req', { max: 0 });
  return report;
}
