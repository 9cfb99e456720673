import { createHash } from 'node:crypto';
import type { Database } from '../db/database.js';
import { redeemLaunchToken } from '../games/launch-tokens.js';
import { isMemberDisabled } from '../members/member-repository.js';
import type { SeamlessProvider } from './credentials.js';
import { rollBack, payWin } from './seamless-credits.js';
import {
  SEAMLESS_TIMESTAMP_WINDOW_MS, signatureMatches,
  type BalanceRequest, type BetRequest, type ErrorAnswer, type RollbackRequest, type SeamlessOperation, type WinRequest,
} from './seamless-protocol.js';
import { balanceAnswer, centreBalanceOf, placeBet, refusal, type SeamlessContext } from './seamless-service.js';
import type { VenueDirectory } from './venue-directory.js';

/** What the endpoint sends back: an HTTP status and the JSON body as text. */
export interface EndpointReply {
  status: number;
  body: string;
}

/** One request as it reached the endpoint. */
export interface EndpointRequest {
  operation: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface EndpointServices {
  db: Database;
  providers: ReadonlyMap<string, SeamlessProvider>;
  venues: VenueDirectory;
  nowMs: number;
}

const OPERATIONS: readonly SeamlessOperation[] = ['authenticate', 'balance', 'bet', 'win', 'rollback'];
/** Provider ids (transaction, round, bet) are printable ASCII, 1 to 128 characters. */
const ID_PATTERN = /^[\x21-\x7e]{1,128}$/;

const reply = (status: number, answer: ErrorAnswer): EndpointReply => ({ status, body: JSON.stringify(answer) });

class InvalidRequest extends Error {}

/**
 * Serves one request of the seamless endpoint: checks the signature (provider, timestamp
 * within 5 minutes, HMAC in constant time) before reading anything, validates the body,
 * then runs the operation. A refused request changes nothing.
 */
export async function serveSeamless(services: EndpointServices, request: EndpointRequest): Promise<EndpointReply> {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : '';
  };
  const provider = services.providers.get(header('x-provider-id'));
  if (!provider) return reply(401, refusal('UNKNOWN_PROVIDER', 'x-provider-id: not a provider of this site'));
  const timestamp = header('x-provider-timestamp');
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(services.nowMs - Number(timestamp)) > SEAMLESS_TIMESTAMP_WINDOW_MS) {
    return reply(401, refusal('EXPIRED_REQUEST', 'x-provider-timestamp: not within 5 minutes of lobby\'s clock (ms since the epoch)'));
  }
  if (!signatureMatches(provider.secret, timestamp, request.rawBody, header('x-provider-signature'))) {
    return reply(401, refusal('INVALID_SIGNATURE', 'x-provider-signature: does not match the body'));
  }
  if (!OPERATIONS.includes(request.operation as SeamlessOperation)) return reply(404, refusal('INVALID_REQUEST', `${request.operation}: no such operation`));
  try {
    const body = parseObject(request.rawBody);
    const bodyHash = createHash('sha256').update(request.rawBody).digest('hex');
    const ctx: SeamlessContext = { db: services.db, providerId: provider.providerId, now: new Date(services.nowMs) };
    return await run(services, ctx, request.operation as SeamlessOperation, body, bodyHash);
  } catch (error) {
    if (error instanceof InvalidRequest) return reply(400, refusal('INVALID_REQUEST', error.message));
    throw error;
  }
}

async function run(services: EndpointServices, ctx: SeamlessContext, operation: SeamlessOperation, body: Record<string, unknown>, bodyHash: string): Promise<EndpointReply> {
  const ok = (text: string) => ({ status: 200, body: text });
  switch (operation) {
    case 'authenticate':
      return authenticate(services, ctx, text(body, 'token', 512));
    case 'balance': {
      const request: BalanceRequest = { memberId: memberIdOf(body), venueCode: text(body, 'venueCode') };
      const refused = await services.venues.refuseUnlessSeamless(request.memberId, request.venueCode);
      if (refused) return reply(200, refused);
      return ok(JSON.stringify(balanceAnswer(request.memberId, await centreBalanceOf(ctx.db, request.memberId))));
    }
    case 'bet': {
      const request: BetRequest = {
        transactionId: text(body, 'transactionId'), roundId: text(body, 'roundId'), memberId: memberIdOf(body),
        venueCode: text(body, 'venueCode'), gameCode: text(body, 'gameCode'), amountMinor: amountOf(body, 1),
      };
      const refused = await services.venues.refuseUnlessSeamless(request.memberId, request.venueCode);
      if (refused) return reply(200, refused);
      return ok(await placeBet(ctx, request, bodyHash));
    }
    case 'win':
      return ok(await payWin(ctx, winOf(body), bodyHash));
    case 'rollback': {
      const request: RollbackRequest = { transactionId: text(body, 'transactionId'), refTransactionId: text(body, 'refTransactionId') };
      if (body.memberId !== undefined) request.memberId = memberIdOf(body);
      return ok(await rollBack(ctx, request, bodyHash));
    }
  }
}

async function authenticate(services: EndpointServices, ctx: SeamlessContext, token: string): Promise<EndpointReply> {
  const redeemed = await redeemLaunchToken(ctx.db, token, ctx.now);
  if (!redeemed.ok) return reply(200, refusal('INVALID_TOKEN', `token: ${redeemed.reason}`));
  const { memberId, venueCode, gameCode } = redeemed;
  if (await isMemberDisabled(ctx.db, memberId)) return reply(200, refusal('PLAYER_BLOCKED', 'token: its member\'s account is disabled'));
  const balanceMinor = await services.venues.playBalanceOf(memberId, venueCode);
  if (balanceMinor === undefined) return reply(200, refusal('MEMBER_NOT_FOUND', 'token: its member or venue no longer exists'));
  return { status: 200, body: JSON.stringify({ ...balanceAnswer(memberId, balanceMinor), venueCode, gameCode }) };
}

function winOf(body: Record<string, unknown>): WinRequest {
  const request: WinRequest = { transactionId: text(body, 'transactionId'), roundId: text(body, 'roundId'), amountMinor: amountOf(body, 0) };
  const ids = body.betTransactionIds;
  if (ids !== undefined) {
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || !ids.every((id) => typeof id === 'string' && ID_PATTERN.test(id))) {
      throw new InvalidRequest('betTransactionIds: 1 to 100 transaction ids');
    }
    request.betTransactionIds = ids as string[];
  }
  if (body.roundEnded !== undefined) {
    if (typeof body.roundEnded !== 'boolean') throw new InvalidRequest('roundEnded: true or false');
    request.roundEnded = body.roundEnded;
  }
  return request;
}

function parseObject(rawBody: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new InvalidRequest('body: is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidRequest('body: is not a JSON object');
  return parsed as Record<string, unknown>;
}

function text(body: Record<string, unknown>, name: string, maxLength = 128): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength || (maxLength === 128 && !ID_PATTERN.test(value))) {
    throw new InvalidRequest(`${name}: 1 to ${maxLength} printable characters`);
  }
  return value;
}

function memberIdOf(body: Record<string, unknown>): number {
  const value = body.memberId;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new InvalidRequest('memberId: a positive integer');
  return value;
}

/** An amount in fen: an integer from `min` up to 10^12 fen (ten billion yuan). */
function amountOf(body: Record<string, unknown>, min: number): number {
  const value = body.amountMinor;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > 1e12) {
    throw new InvalidRequest(`amountMinor: an integer number of fen, at least ${min}`);
  }
  return value;
}
