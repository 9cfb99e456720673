// Signed requests for benchmarks, as a browser sends them (spec section 7, "Headers"):
// every request gets its own timestamp, nonce and signature.
import { randomBytes, randomUUID } from 'node:crypto';
import { CLIENT_TYPE, CLIENT_VERSION, DEMO_SIGN_KEY, HEADER, ORIGINAL_CLIENT_TYPE, md5Hex, requestSign, webLogin } from '../../packages/sdk/dist/index.js';

const deviceId = randomUUID();

/**
 * An autocannon `setupRequest` that signs `method path body` afresh each time, with the
 * member's token when given.
 *
 * @example load({ url, path, setupRequest: signed('GET', path) })
 */
export function signed(method, path, body = '', token = undefined) {
  return (request) => {
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const sign = requestSign({ method, pathWithQuery: path, timestamp, nonce, deviceId, body, signKey: process.env.LOBBY_SIGN_KEY ?? DEMO_SIGN_KEY });
    return {
      ...request,
      ...(method === 'GET' ? {} : { body }),
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
        ...(token ? { [HEADER.token]: token } : {}),
      },
    };
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
