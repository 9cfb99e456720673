import type { Infer, Schema } from './schema.js';

/**
 * How a call travels (spec section 7, "Headers"): JSON POST by default, form-encoded
 * POST, GET with a query, DELETE with a query, or a multipart upload.
 */
export type RequestStyle = 'json' | 'form' | 'query' | 'delete' | 'upload';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call: anyone, only a logged-in member (401 without a valid token), a member or
 * a visitor (the anonymous and web variants of spec section 6), or an operator.
 */
export type CallAuth = 'none' | 'member' | 'optional' | 'operator';

export interface CallDefinition<Req, Res> {
  /** The contract name, also the OpenAPI operationId, e.g. `webLogin`. */
  readonly name: string;
  /** Group of spec section 7 the call belongs to, e.g. `member`, `site`, `finance`. */
  readonly group: string;
  readonly path: string;
  readonly style: RequestStyle;
  readonly auth: CallAuth;
  readonly summary: string;
  readonly request: Schema<Req>;
  readonly response: Schema<Res>;
  /** Calls that move money require an `x-idempotency-key` header. */
  readonly movesMoney?: boolean;
  /**
   * A pure read: the call changes nothing, so answering the same signed request twice is
   * harmless. Its nonce is checked for form but not claimed, so a read costs no nonce
   * write (the balance polls); every other call's nonce is single-use (docs/DECISIONS.md,
   * "Pure reads claim no nonce"). Never together with `movesMoney`.
   */
  readonly readOnly?: boolean;
}

export interface Call<Req, Res> extends CallDefinition<Req, Res> {
  readonly method: HttpMethod;
}

export type AnyCall = Call<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type CallRequest<C> = C extends Call<infer Req, unknown> ? Req : never;
export type CallResponse<C> = C extends Call<unknown, infer Res> ? Res : never;

const methodOf: Record<RequestStyle, HttpMethod> = {
  json: 'POST',
  form: 'POST',
  upload: 'POST',
  query: 'GET',
  delete: 'DELETE',
};

/**
 * Declares one call of the product, once, for both ends.
 *
 * @example
 * export const webLogin = defineCall({ name: 'webLogin', group: 'member', path: '/member/v1/web_login',
 *   style: 'json', auth: 'none', summary: 'Log in', request: LoginRequest, response: LoginResponse });
 */
export function defineCall<RS extends Schema<unknown>, PS extends Schema<unknown>>(
  definition: Omit<CallDefinition<Infer<RS>, Infer<PS>>, 'request' | 'response'> & { request: RS; response: PS },
): Call<Infer<RS>, Infer<PS>> {
  return { ...definition, method: methodOf[definition.style] } as Call<Infer<RS>, Infer<PS>>;
}
