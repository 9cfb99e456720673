import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_SIGN_KEY, requestSign } from '@lobby/sdk';

/** One request as the test server saw it. */
export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The signature recomputed here from what arrived, with the body counted for JSON and form only. */
  signOk: boolean;
}

export interface Answer {
  status?: number;
  contentType?: string;
  body: unknown;
}

/** A tiny HTTP server for client tests: records every request and answers per path. */
export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  answer(path: string, answer: Answer): void;
  close(): Promise<void>;
}

function signOf(method: string, url: string, headers: IncomingMessage['headers'], body: Buffer): boolean {
  const type = String(headers['content-type'] ?? '');
  const signsBody = type.startsWith('application/json') || type.startsWith('application/x-www-form-urlencoded');
  const expected = requestSign({
    method,
    pathWithQuery: url,
    timestamp: String(headers['x-timestamp']),
    nonce: String(headers['x-nonce']),
    deviceId: String(headers['x-device-id']),
    body: signsBody ? body.toString('utf8') : '',
    signKey: DEMO_SIGN_KEY,
  });
  return expected === headers['x-sign'];
}

/** Starts the server on a free port. @example const server = await startTestServer() */
export async function startTestServer(): Promise<TestServer> {
  const requests: Recorded[] = [];
  const answers = new Map<string, Answer>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? '';
      const url = request.url ?? '';
      requests.push({ method, url, headers: request.headers, body, signOk: signOf(method, url, request.headers, body) });
      const path = url.split('?')[0]!;
      const answer = answers.get(path) ?? { body: { code: 0, msg: '', data: { path } } };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json; charset=utf-8' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer: (path, answer) => void answers.set(path, answer),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
