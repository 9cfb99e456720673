import { expect } from 'vitest';
import { opsAudit, sportsBetPlace, venueTransferIn, type SportsBetPlaceRequest } from '@lobby/sdk';
import type { ServerSuite } from '../testing/server-suite.js';
import { venueBooksOf } from '../venues/index.js';

/** Test helpers of the sportsbook: fixtures from the real sandbox feed, members with money at a venue, slips, books. */

let slips = 0;
/** A fresh slip id. */
export const slipId = () => `slip-${process.pid}-${(slips += 1)}`;

/** A fixture of the sandbox feed (pre-match unless `startsInMs` is 0), applied by lobby's consumer. */
export async function fixtureOf(suite: ServerSuite, options: { startsInMs?: number; sport?: 'football' | 'esoccer' } = {}): Promise<string> {
  const feed = suite.app.sportsFeed;
  const id = feed.sandbox!.createFixture({ sport: options.sport ?? 'football', startsInMs: options.startsInMs ?? 3_600_000, homeEn: 'Home FC', awayEn: 'Away FC' });
  await feed.consumer.idle();
  return id;
}

/** The market as lobby's store holds it now. */
export async function marketOf(suite: ServerSuite, fixtureId: string, marketId: string) {
  const found = await suite.app.sportsFeed.store.market(suite.db, fixtureId, marketId);
  if (!found) throw new Error(`no market ${fixtureId}/${marketId}`);
  return found;
}

/** A slip leg at the price lobby shows now. */
export async function legOf(suite: ServerSuite, fixtureId: string, marketId: string, selectionId: string) {
  const { market } = await marketOf(suite, fixtureId, marketId);
  const selection = market.selections.find((s) => s.id === selectionId)!;
  return { fixtureId, marketId, selectionId, odds: selection.odds, marketVersion: market.version };
}

/** A member with `venueMinor` fen moved into the venue (through lobby's transfer call). */
export async function memberAtVenue(suite: ServerSuite, venueMinor: number, venueCode = 'LBSPORT', siteId = 4) {
  const member = await suite.memberWithBalance(venueMinor, { siteId });
  if (venueMinor === 0) return member;
  const answer = await suite.callWithKey(venueTransferIn, { api_name: venueCode, transferIntoVal: venueMinor / 100 }, member.token);
  expect(answer.body.data.state).toBe('completed');
  return member;
}

/** Places a slip (single at 10.00 a line, accept_none, unless told). */
export function place(suite: ServerSuite, token: string, request: Partial<SportsBetPlaceRequest> & Pick<SportsBetPlaceRequest, 'legs'>) {
  return suite.call(sportsBetPlace, {
    slipId: slipId(), venueCode: 'LBSPORT', betKind: { kind: 'single' }, stakePerLineMinor: 10_00, oddsChangePolicy: 'accept_none', ...request,
  }, { token });
}

/** Brings every fixture of the feed to the clock's time and waits until lobby applied it. */
export async function tick(suite: ServerSuite): Promise<void> {
  suite.app.sportsFeed.sandbox!.tick();
  await suite.app.sportsFeed.consumer.idle();
}

/** The member's balance at the venue (the sandbox venue's own word). */
export const venueBalance = (suite: ServerSuite, memberId: number, venueCode = 'LBSPORT') => suite.app.venueProvider.balance(venueCode, memberId);

/** Bet sync, then the books equal the venue (open stakes counted) and the operator's audit is sound. */
export async function expectBooksEqualVenue(suite: ServerSuite, memberId: number, venueCode = 'LBSPORT'): Promise<void> {
  expect((await suite.app.betSync.syncVenue(venueCode))?.reachedEnd).toBe(true);
  const books = (await venueBooksOf(suite.db, memberId)).get(venueCode) ?? 0;
  const open = await suite.app.sportsbook.provider.openStakesMinor(venueCode, memberId);
  expect(books).toBe((await venueBalance(suite, memberId, venueCode)) + open);
  const audit = await suite.call(opsAudit, {}, { token: suite.opsToken });
  expect(audit.body.data.checks.filter((check) => !check.sound)).toEqual([]);
}

