import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { md5Hex, type AnyCall, type CallRequest, type CallResponse } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { balancesOf, seedDeposit } from '../ledger/index.js';
import { hashPassword } from '../members/password.js';
import { insertMember } from '../members/member-repository.js';
import { createSession } from '../members/sessions.js';
import type { Clock } from '../http/pipeline.js';
import { callApi, type CallAnswer, type SignedInjectOptions } from './client.js';

/** A clock tests move forward (order expiry). */
export class TestClock implements Clock {
  constructor(private ms = Date.now()) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

let next = 0;

/** The login password of fixture members. */
export const FIXTURE_LOGIN_PASSWORD = md5Hex('login-pass-1');

/**
 * A member with a session, a known login password and `centreMinor` fen (through a seed
 * deposit), on site 4 unless told.
 *
 * @example const { memberId, token } = await orderMember(db, 1_000_00);
 */
export async function orderMember(db: Database, centreMinor: number, siteId = 4, nowMs = Date.now()): Promise<{ memberId: number; token: string }> {
  next += 1;
  const memberId = await insertMember(db, { siteId, name: `ord${process.pid % 10_000}x${next}`, passwordHash: await hashPassword(FIXTURE_LOGIN_PASSWORD) });
  if (memberId === null) throw new Error('fixture member exists');
  if (centreMinor > 0) await db.transaction((tx) => seedDeposit(tx, memberId, centreMinor, `fixture:${memberId}`));
  return { memberId, token: await createSession(db, memberId, 'test-device-0001', nowMs) };
}

/** A member wallet's balance in minor units. */
export async function walletOf(db: Database, memberId: number, kind = 'centre'): Promise<number> {
  return (await balancesOf(db, memberId)).get(kind) ?? 0;
}

/**
 * Calls a movesMoney call with an idempotency key (a fresh one unless given).
 *
 * @example const { body } = await keyed(app, depositPay, { payTypeId: '1', amount: 100 }, token);
 */
export function keyed<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  request: CallRequest<C>,
  token: string,
  key: string = randomUUID(),
  timestamp?: number,
): Promise<CallAnswer<CallResponse<C>>> {
  return callApi(app, call, request, { token, headers: { 'x-idempotency-key': key }, ...(timestamp ? { timestamp } : {}) });
}

/**
 * callApi signed at the app's (test) clock, so moving the clock does not put requests
 * outside the signature window.
 *
 * @example const api = clockedApi(app, clock); await api(depositOrderStatus, {}, { token });
 */
export function clockedApi(app: FastifyInstance, clock: Clock) {
  return <C extends AnyCall>(call: C, request: CallRequest<C>, options: Omit<SignedInjectOptions, 'call' | 'body'> = {}) =>
    callApi(app, call, request, { timestamp: clock.now(), ...options });
}
