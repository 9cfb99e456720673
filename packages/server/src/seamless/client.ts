import type { FastifyInstance } from 'fastify';
import {
  SEAMLESS_HEADERS, SEAMLESS_PATH_PREFIX, seamlessSignature,
  type SeamlessAnswers, type SeamlessErrorCode, type SeamlessOperation, type SeamlessRequests,
} from './seamless-protocol.js';

/**
 * The provider's side of the seamless wallet: what the sandbox studio (or any provider
 * written in TypeScript) uses to call lobby's endpoint. It signs each request, sends it
 * through a transport, gives up on an answer after 10 s, and retries credits (win,
 * rollback) with the same transaction id until lobby gives a final answer.
 */

/** One signed request as a transport sends it. */
export interface SeamlessTransportRequest {
  /** e.g. `/seamless/v1/bet`. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface SeamlessTransportAnswer {
  status: number;
  body: string;
}

/** Sends one request and answers lobby's reply; rejects when the request could not be sent. */
export type SeamlessTransport = (request: SeamlessTransportRequest) => Promise<SeamlessTransportAnswer>;

/** A failure of the client itself, not an answer of lobby. */
export type ClientFailureCode = 'TIMEOUT' | 'TRANSPORT_FAILED';

/** What a call answers: lobby's answer, or why there is none. `raw` is lobby's body as received. */
export type SeamlessResult<T> =
  | { ok: true; answer: T; raw: string }
  | { ok: false; code: SeamlessErrorCode | ClientFailureCode; message: string; balanceMinor?: number; raw?: string };

export interface SeamlessClientOptions {
  providerId: string;
  secret: string;
  transport: SeamlessTransport;
  /** Signs with this clock's time (the app's clock in process). */
  clock?: { now(): number };
  /** An answer later than this is treated as lost. Default 10 s. */
  timeoutMs?: number;
  /** Credit retries: first delay, doubling up to `retryDelayMsMax`, at most `maxAttempts` sends in all. */
  retryDelayMsMin?: number;
  retryDelayMsMax?: number;
  maxAttempts?: number;
  /** Waits `ms`; replaced in tests. Answers a function that cancels the wait. */
  schedule?: (ms: number, fire: () => void) => () => void;
}

/** How long an answer may take before the client treats it as lost (issue 18: "a 10 s timeout"). */
export const SEAMLESS_CLIENT_TIMEOUT_MS = 10_000;
/**
 * Credit retries: 0.5 s doubling to 60 s, 40 sends: about 33 minutes, beyond lobby's
 * 30-minute round bound, after which lobby has cancelled the round and answers a final refusal.
 */
export const SEAMLESS_RETRY_DELAY_MS_MIN = 500;
export const SEAMLESS_RETRY_DELAY_MS_MAX = 60_000;
export const SEAMLESS_MAX_ATTEMPTS = 40;

/** Answers after which a credit is not sent again: lobby's word is final. */
const RETRIED: ReadonlySet<string> = new Set(['TIMEOUT', 'TRANSPORT_FAILED', 'INTERNAL_ERROR', 'EXPIRED_REQUEST']);

const defaultSchedule = (ms: number, fire: () => void) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/**
 * @example
 * const client = new SeamlessWalletClient({ providerId: 'lobby-studio', secret, transport: injectTransport(app) });
 * const bet = await client.bet({ transactionId: 'b1', roundId: 'r1', memberId, venueCode: 'LBSTUDIO', gameCode: 'slot', amountMinor: 100 });
 */
export class SeamlessWalletClient {
  private readonly options: Required<Omit<SeamlessClientOptions, 'clock'>> & { clock: { now(): number } };

  constructor(options: SeamlessClientOptions) {
    this.options = {
      clock: { now: () => Date.now() },
      timeoutMs: SEAMLESS_CLIENT_TIMEOUT_MS,
      retryDelayMsMin: SEAMLESS_RETRY_DELAY_MS_MIN,
      retryDelayMsMax: SEAMLESS_RETRY_DELAY_MS_MAX,
      maxAttempts: SEAMLESS_MAX_ATTEMPTS,
      schedule: defaultSchedule,
      ...options,
    };
  }

  /** Redeems a launch token: the member, venue, game and balance it was issued for. Sent once. */
  authenticate(request: SeamlessRequests['authenticate']): Promise<SeamlessResult<SeamlessAnswers['authenticate']>> {
    return this.send('authenticate', request);
  }

  /** The member's centre wallet balance. Sent once. */
  balance(request: SeamlessRequests['balance']): Promise<SeamlessResult<SeamlessAnswers['balance']>> {
    return this.send('balance', request);
  }

  /**
   * A debit. Sent once: when it answers TIMEOUT or TRANSPORT_FAILED the provider does not
   * know whether it applied and should roll it back (`rollback`, which is retried).
   */
  bet(request: SeamlessRequests['bet']): Promise<SeamlessResult<SeamlessAnswers['bet']>> {
    return this.send('bet', request);
  }

  /** A credit (0 for a loss), retried with the same transaction id until lobby answers finally. */
  win(request: SeamlessRequests['win']): Promise<SeamlessResult<SeamlessAnswers['win']>> {
    return this.sendUntilFinal('win', request);
  }

  /** Refunds a debit, retried with the same transaction id until lobby answers finally. */
  rollback(request: SeamlessRequests['rollback']): Promise<SeamlessResult<SeamlessAnswers['rollback']>> {
    return this.sendUntilFinal('rollback', request);
  }

  private async sendUntilFinal<O extends SeamlessOperation>(operation: O, request: SeamlessRequests[O]): Promise<SeamlessResult<SeamlessAnswers[O]>> {
    let delayMs = this.options.retryDelayMsMin;
    for (let attempt = 1; ; attempt++) {
      const result = await this.send(operation, request);
      if (result.ok || !RETRIED.has(result.code) || attempt >= this.options.maxAttempts) return result;
      await new Promise<void>((resolve) => this.options.schedule(delayMs, resolve));
      delayMs = Math.min(delayMs * 2, this.options.retryDelayMsMax);
    }
  }

  /** One signed send: lobby's answer, or TIMEOUT after `timeoutMs`, or TRANSPORT_FAILED. */
  async send<O extends SeamlessOperation>(operation: O, request: SeamlessRequests[O]): Promise<SeamlessResult<SeamlessAnswers[O]>> {
    const body = JSON.stringify(request);
    const timestamp = String(this.options.clock.now());
    const headers = {
      'content-type': 'application/json',
      [SEAMLESS_HEADERS.providerId]: this.options.providerId,
      [SEAMLESS_HEADERS.timestamp]: timestamp,
      [SEAMLESS_HEADERS.signature]: seamlessSignature(this.options.secret, timestamp, body),
    };
    let cancelTimer = () => {};
    const timedOut = new Promise<'timeout'>((resolve) => {
      cancelTimer = this.options.schedule(this.options.timeoutMs, () => resolve('timeout'));
    });
    try {
      const answer = await Promise.race([this.options.transport({ path: `${SEAMLESS_PATH_PREFIX}${operation}`, headers, body }), timedOut]);
      if (answer === 'timeout') return { ok: false, code: 'TIMEOUT', message: `no answer within ${this.options.timeoutMs} ms` };
      return resultOf<SeamlessAnswers[O]>(answer);
    } catch (error) {
      return { ok: false, code: 'TRANSPORT_FAILED', message: error instanceof Error ? error.message : String(error) };
    } finally {
      cancelTimer();
    }
  }
}

function resultOf<T>(answer: SeamlessTransportAnswer): SeamlessResult<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return { ok: false, code: 'TRANSPORT_FAILED', message: `HTTP ${answer.status}: not JSON`, raw: answer.body };
  }
  const value = parsed as { status?: unknown; code?: unknown; message?: string; balanceMinor?: number };
  if (value.status === 'OK') return { ok: true, answer: parsed as T, raw: answer.body };
  if (value.status === 'ERROR' && typeof value.code === 'string') {
    return { ok: false, code: value.code as SeamlessErrorCode, message: value.message ?? '', raw: answer.body, ...(value.balanceMinor === undefined ? {} : { balanceMinor: value.balanceMinor }) };
  }
  return { ok: false, code: 'TRANSPORT_FAILED', message: `HTTP ${answer.status}: not an answer of the endpoint`, raw: answer.body };
}

/**
 * Sends in process, through `app.inject` (the sandbox studio lives in lobby's process).
 *
 * @example new SeamlessWalletClient({ providerId, secret, transport: injectTransport(app) })
 */
export function injectTransport(app: FastifyInstance): SeamlessTransport {
  return async (request) => {
    const reply = await app.inject({ method: 'POST', url: request.path, headers: request.headers, payload: request.body });
    return { status: reply.statusCode, body: reply.body };
  };
}

/**
 * Sends over HTTP to lobby at `baseUrl` (how a real provider calls).
 *
 * @example fetchTransport('https://lobby.example')
 */
export function fetchTransport(baseUrl: string): SeamlessTransport {
  return async (request) => {
    const reply = await fetch(new URL(request.path, baseUrl), { method: 'POST', headers: request.headers, body: request.body });
    return { status: reply.status, body: await reply.text() };
  };
}
