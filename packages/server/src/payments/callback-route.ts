import type { FastifyInstance } from 'fastify';
import { CODE } from '@lobby/sdk';
import { rawBodyOf } from '../http/input.js';
import { handleCallback } from './callbacks.js';
import { PaymentProviderError } from './payment-provider.js';
import { paymentsOf } from './payment-registry.js';

/** Where providers send their callbacks: POST /payments/v1/callback/<provider name>. */
export const CALLBACK_PATH = '/payments/v1/callback/';

/**
 * The provider-facing callback endpoint (no member signature: the provider's HMAC
 * signature is checked instead). Answers 200 with the result once the callback is
 * stored (so the provider stops retrying), 401 for a bad signature, 400 for a
 * malformed body, 404 for an unknown provider. The sandbox delivers here over HTTP.
 */
export function registerCallbackRoute(app: FastifyInstance): void {
  const registry = paymentsOf(app);
  app.post<{ Params: { provider: string } }>(`${CALLBACK_PATH}:provider`, async (request, reply) => {
    const provider = registry.providers.get(request.params.provider);
    if (!provider) return reply.code(404).send({ code: CODE.notFound, msg: `no payment provider ${request.params.provider}`, data: null });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
    try {
      const result = await handleCallback(app.lobby.db, provider, rawBodyOf(request), headers, app.lobby.providers.clock.now());
      return reply.send({ code: CODE.success, msg: 'ok', data: { result } });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      const refused = error.reason === 'badSignature' ? { status: 401, code: CODE.callbackSignatureInvalid } : { status: 400, code: CODE.invalidField };
      return reply.code(refused.status).send({ code: refused.code, msg: error.message, data: null });
    }
  });
  registry.sandbox.connect(async (rawBody, headers) => {
    const response = await app.inject({ method: 'POST', url: `${CALLBACK_PATH}${registry.sandbox.name}`, payload: rawBody, headers: { ...headers, 'content-type': 'application/json' } });
    const body = response.json<{ data: { result?: string } | null; msg: string }>();
    return { httpStatus: response.statusCode, result: body.data?.result ?? body.msg };
  });
}
