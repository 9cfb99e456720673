// Signed requests for benchmarks, as a browser sends them (spec section 7, "Headers"):
// every request gets its own timestamp, nonce and signature.
import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_SIGN_KEY, HEADER, md5Hex, signedHeaders as sdkSignedHeaders, webLogin } from '../../packages/sdk/dist/index.js';

const deviceId = randomUUID();

/** The headers of one signed request, with a fresh timestamp and nonce. */
export function signedHeaders(method, path, body, token) {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const signKey = process.env.LOBBY_SIGN_KEY ?? DEMO_SIGN_KEY;
  return {
    'content-type': 'application/json',
    ...sdkSignedHeaders({ method, pathWithQuery: path, timestamp, nonce, deviceId, body, signKey, siteId: 4 }),
    ...(token ? { [HEADER.token]: token } : {}),
  };
}

/**
 * An autocannon `setupRequest` that signs `method path body` afresh each time, with the
 * member's token when given. Signing costs the load generator CPU inside the timed
 * window; throughput benches use `presignedBuffers` instead.
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
 * Pre-signed requests as raw HTTP/1.1 bytes, a list of its own for each connection, all
 * built now (each its own nonce; timestamps of now, well inside the 300 s window). The
 * load generator then writes the next buffer as it is, exactly as it writes the
 * hello-world's one fixed buffer: no request building and no signing in the timed loop
 * (`load`'s `requestBuffers`). A connection that outgrows its list sends its last request
 * again (a replay: refused by a call that claims its nonce, answered by a `readOnly` read)
 * and `exhausted()` turns true, so the caller counts the round as failed.
 *
 * @example const pools = presignedBuffers(url, 'POST', path, '{}', token, 10, 50_000); await load({ url, requestBuffers: pools.requestBuffers }); pools.exhausted()
 */
export function presignedBuffers(url, method, path, body, token, connections, perConnection) {
  const { host } = new URL(url);
  const lists = Array.from({ length: connections }, () => {
    const list = new Array(perConnection);
    for (let i = 0; i < perConnection; i += 1) {
      const headers = { ...signedHeaders(method, path, body, token), ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
      const head = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, 'Connection: keep-alive', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      list[i] = Buffer.from(`${head.join('\r\n')}\r\n\r\n${body ?? ''}`);
    }
    return list;
  });
  let outgrown = false;
  const used = new Array(connections).fill(0);
  return {
    /** For connection `index` (0 to connections - 1, in the order autocannon creates them): the next buffer each call. */
    requestBuffers: (index) => {
      const slot = index % connections;
      const list = lists[slot];
      return () => {
        if (used[slot] === perConnection) outgrown = true;
        return list[Math.min(used[slot]++, perConnection - 1)];
      };
    },
    used: () => used.reduce((sum, n) => sum + Math.min(n, perConnection), 0),
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
