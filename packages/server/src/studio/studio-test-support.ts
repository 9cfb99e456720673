import type { FastifyInstance } from 'fastify';
import { venueTransferIn } from '@lobby/sdk';
import { mintLaunchToken } from '../games/launch-tokens.js';
import type { ServerSuite } from '../testing/server-suite.js';

/** What a studio play API call answers: the envelope's code, message and data. */
export interface StudioAnswer<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the studio's play API as a game page does (session in the x-studio-session header). */
export async function studioApi<T = Record<string, unknown>>(app: FastifyInstance, method: 'GET' | 'POST', url: string, session: string, body?: unknown): Promise<StudioAnswer<T>> {
  const reply = await app.inject({
    method, url, headers: { 'x-studio-session': session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return reply.json() as StudioAnswer<T>;
}

/** The session id in a launch URL. */
export function sessionOfUrl(url: string): string {
  return new URL(url, 'http://studio.test').searchParams.get('session')!;
}

/**
 * A member with `venueMinor` fen moved into a transfer venue through lobby's real transfer
 * call, launched into `gameCode` with a fresh launch token; answers the member, token and session.
 */
export async function launchedMember(suite: ServerSuite, venueCode: string, gameCode: string, venueMinor: number) {
  const { memberId, token } = await suite.memberWithBalance(venueMinor + 100_00);
  if (venueMinor > 0) {
    const moved = await suite.callWithKey(venueTransferIn, { api_name: venueCode, transferIntoVal: venueMinor / 100 }, token);
    if (moved.body.code !== 0) throw new Error(`transfer into ${venueCode} failed: ${moved.body.msg}`);
  }
  const launch = await mintLaunchToken(suite.db, { memberId, venueCode, gameCode, currency: 'CNY' }, new Date());
  const answer = await suite.app.studio.launch({
    venueCode, gameCode, memberId, currency: 'CNY', launchToken: launch.token, language: 'en', demo: false, resume: false,
  });
  return { memberId, token, launchToken: launch.token, session: sessionOfUrl(answer.url), url: answer.url };
}

/** The member's balance at a sandbox venue (fen). */
export async function venueBalanceOf(suite: ServerSuite, venueCode: string, memberId: number): Promise<number> {
  return suite.app.venueProvider.balance(venueCode, memberId);
}
