// Signed requests for benchmarks, as a browser sends them (spec section 7, "Headers"):
// every request gets its own timestamp, nonce and signature.
import { randomBytes, randomUUID } from 'node:crypto';
import { CLIENT_TYPE, CLIENT_VERSION, DEMO_SIGN_KEY, HEADER, ORIGINAL_CLIENT_TYPE, md5Hex, requestSign, webLogin } from '../../packages/sdk/dist/index.js';

const deviceId = randomUUID();

/** The headers of one signed request, with a fresh timestamp and nonce. */
function signedHeaders(method, path, body, token) {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const sign = requestSign({ method, pathWithQuery: path, timestamp, nonce, deviceId, body, signKey: process.env.LOBBY_SIGN_KEY ?? DEMO_SIGN_KEY });
  return {
    'content-type': 'application/json',
    [HEADER.clientType]: CLIENT_TYPE,
    [HEADER.originalClientType]: ORIGINAL_CLIENT_TYPE,
    [HEADER.version]: CLIENT_VERSION,
    [HEADER.siteId]: '4',
    [HEADER.deviceId]: deviceId,
    [HEADER.timestamp]: timestamp,
    [HEADER.nonce]: nonce,
    [HEADER.sign]: sign,
    ...(token ? { [HEADER.token]: token } : {}),
  };
}

/**
 * An autocannon `setupRequest` that signs `method path body` afresh each time, with the
 * member's token when given. Signing costs the load generator CPU inside the timed
 * window; throughput benches use `presigned` instead.
 *
 * @example load({ url, path, setupRequest: signed('GET', path) })
 */
export function signed(method, path, body = '', token = undefined) {
  return (request) => ({
    ...request,
    ...(method === 'GET' ? {} : { body }),
    headers: { ...request.headers, ...signedHeaders(method, path, body, token) },
  });
}

/**
 * `count` distinct signed requests built now (each its own nonce; timestamps of now, so
 * they stay inside the server's 300 s window, SIGN_WINDOW_MS, for minutes), handed out
 * one by one by an autocannon `setupRequest` that does no signing work: it only takes
 * the next one. Each request is handed out once while the pool lasts; a run that outgrows
 * it gets the last one again (a replay the server refuses, so it counts as a failure,
 * never as a read) and `exhausted()` turns true. Autocannon cannot stop on a null there:
 * with one request template it throws.
 *
 * @example const pool = presigned('POST', path, '{}', token, 50_000); await load({ url, setupRequest: pool.setupRequest }); pool.exhausted()
 */
export function presigned(method, path, body, token, count) {
  const pool = new Array(count);
  for (let i = 0; i < count; i += 1) {
    pool[i] = { method, path, ...(method === 'GET' ? {} : { body }), headers: signedHeaders(method, path, body, token) };
  }
  let next = 0;
  let outgrown = false;
  return {
    // `request` is autocannon's fresh copy of the template (host, port ...): only the
    // pre-built method, path, body and headers go onto it.
    setupRequest: (request) => {
      if (next === count) outgrown = true;
      return Object.assign(request, pool[Math.min(next++, count - 1)]);
    },
    used: () => Math.min(next, count),
    exhausted: () => outgrown,
  };
}

/** The JSON body of the demo member's login. */
export const demoLoginBody = () => JSON.stringify({ name: 'demo', password: md5Hex(process.env.LOBBY_DEMO_PASSWORD ?? 'demo1234') });

/** Logs the demo member in on `url` and answers its token. */
export async function demoToken(url) {
  const body = demoLoginBody();
  const { headers } = signed('POST', webLogin.path, body)({ headers: {} });
  const response = await fetch(`${url}${webLogin.path}`, { method: 'POST', headers, body });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new Error(`demo login failed: ${JSON.stringify(envelope)}`);
  return envelope.data.token;
}
