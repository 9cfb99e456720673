import {
  ApiError, CODE, SPORTS_BET_PAGE_SIZE_MAX, sportsBetDetail, sportsBetList, sportsBetPlace, sportsCashOut, sportsCashOutQuote, sportsFixtureDetail, sportsFixtures, sportsList,
  sportsOddsFormat, sportsOddsFormatSet, toMinor, venueBalanceRefresh, venueBalances, venueTransferIn, fromMinor,
  type ApiClient, type CallRequest, type CallResponse, type OddsFormat, type OddsMilli, type SportsBet,
} from '@lobby/sdk';
import { createMoneyAction } from '../money-action.js';
import type { PlaceAnswer, PlaceRequest } from './slip-store.js';

/**
 * The site's one door to the sportsbook calls (issue 19; contract calls/sports.ts and
 * calls/sportsbook.ts): the sportsbook pages call these, so a change of the wire touches
 * this file only.
 */

export type { SportsBet };

/** A price the server names when it refuses a changed one (sportsOddsChanged's data). */
interface NamedPrice {
  fixtureId: string;
  marketId: string;
  selectionId: string;
  odds: OddsMilli;
  marketVersion: number;
}

/** The current prices a sportsOddsChanged refusal carries in `data.legs`, if it does. */
function namedPrices(data: unknown): NamedPrice[] | undefined {
  const legs = (data as { legs?: unknown } | undefined)?.legs;
  if (!Array.isArray(legs)) return undefined;
  return legs.filter(
    (leg): leg is NamedPrice =>
      typeof leg === 'object' && leg !== null && typeof (leg as NamedPrice).fixtureId === 'string' && Number.isSafeInteger((leg as NamedPrice).odds) && Number.isSafeInteger((leg as NamedPrice).marketVersion),
  );
}

/** The slip's answer of a set of bets: pending while any waits out its in-play delay. */
export function answerOfBets(bets: readonly SportsBet[], now = Date.now()): PlaceAnswer {
  const betIds = bets.map((bet) => bet.betId);
  const pending = bets.filter((bet) => bet.status === 'pending');
  if (pending.length > 0) {
    const decidesAtMs = Math.max(...pending.map((bet) => (bet.acceptAt ? Date.parse(bet.acceptAt) : now)));
    return { state: 'pending', betIds, decidesAtMs };
  }
  const rejected = bets.find((bet) => bet.status === 'rejected' || bet.status === 'void');
  if (rejected) return { state: 'refused', code: 'rejected', message: rejected.reason };
  return { state: 'accepted', betIds };
}

export function createSportsbookApi(client: ApiClient, venueCode: string) {
  // One transfer at a time; a retry of one that got no answer keeps its key, anything else gets a new one.
  const transfer = createMoneyAction();
  return {
    sports: (kind: 'sports' | 'esports') => client.call(sportsList, { kind }),
    fixtures: (request: CallRequest<typeof sportsFixtures>) => client.call(sportsFixtures, request),
    detail: (fixtureId: string) => client.call(sportsFixtureDetail, { fixtureId }),
    /** Places a slip and answers in the slip's words; a refusal is an answer, a network failure throws. */
    async place(request: PlaceRequest): Promise<PlaceAnswer> {
      try {
        const answer = await client.call(sportsBetPlace, {
          slipId: request.slipId,
          venueCode,
          legs: request.legs,
          betKind: request.bet,
          stakePerLineMinor: request.stakePerLineMinor,
          oddsChangePolicy: request.policy,
        });
        return { ...answerOfBets(answer.bets), balanceMinor: answer.balanceMinor };
      } catch (failure) {
        // A refusal (a code from the server) is final for this slip; no answer at all is retried.
        if (failure instanceof ApiError && failure.status !== 0 && failure.status < 500) {
          return { state: 'refused', code: failure.code === CODE.sportsOddsChanged ? 'oddsChanged' : String(failure.code), message: failure.message, prices: namedPrices(failure.data) };
        }
        throw failure;
      }
    },
    /** The final state of bets that waited out their delay (the list check decides them on the server). */
    async decide(betIds: readonly string[]): Promise<PlaceAnswer> {
      const bets = await Promise.all(betIds.map((betId) => client.call(sportsBetDetail, { betId })));
      return answerOfBets(bets);
    },
    /**
     * The answer of a slip that got no answer, from the member's bets read again: its bets
     * (newest first, so a slip just sent is on the first page of open or settled bets), or
     * null when the venue has no bet of that slip id: it was not taken.
     */
    async findPlaced(slipId: string): Promise<PlaceAnswer | null> {
      const lists = await Promise.all((['open', 'settled'] as const).map((state) => client.call(sportsBetList, { state, venueCode, page: 1, pageSize: SPORTS_BET_PAGE_SIZE_MAX })));
      const bets = lists.flatMap((list) => list.bets).filter((bet) => bet.slipId === slipId);
      return bets.length > 0 ? answerOfBets(bets) : null;
    },
    bets: (state: 'open' | 'settled', page: number, pageSize: number) => client.call(sportsBetList, { state, venueCode, page, pageSize }),
    quote: (betId: string) => client.call(sportsCashOutQuote, { betId }),
    cashOut: (betId: string, quotedValueMinor: number) => client.call(sportsCashOut, { betId, quotedValueMinor }),
    oddsFormat: async (): Promise<OddsFormat> => (await client.call(sportsOddsFormat, {})).format,
    setOddsFormat: async (format: OddsFormat): Promise<OddsFormat> => (await client.call(sportsOddsFormatSet, { format })).format,
    /** The member's money at the venue: the venue's own word when it answers, else lobby's books. */
    async venueBalanceMinor(): Promise<number> {
      try {
        const { venueList } = await client.call(venueBalanceRefresh, { apiName: venueCode });
        const venue = venueList.find((item) => item.channelCode === venueCode);
        if (venue) return toMinor(venue.money, 2);
      } catch {
        // Throttled (10 s) or the venue is slow: the books answer.
      }
      const { venueList } = await client.call(venueBalances, {});
      const venue = venueList.find((item) => item.channelCode === venueCode);
      return venue ? toMinor(venue.money, 2) : 0;
    },
    /**
     * Moves money from the centre wallet into the venue; answers the venue's balance after it.
     * A second call while one runs joins it; the idempotency key is kept for a retry of the
     * same amount after no answer or a pending answer (the venue has not decided: the retry
     * asks how that transfer ended instead of starting another); a refused or completed
     * transfer is never replayed.
     */
    async transferIn(amountMinor: number): Promise<{ state: CallResponse<typeof venueTransferIn>['state']; balanceMinor: number; message: string }> {
      const request = { api_name: venueCode, transferIntoVal: fromMinor(amountMinor, 2) };
      const answer = await transfer.run(request, (idempotencyKey) => client.call(venueTransferIn, request, { idempotencyKey }), (sent) => sent.state === 'pending');
      return { state: answer.state, balanceMinor: toMinor(answer.money, 2), message: answer.message };
    },
  };
}

export type SportsbookApi = ReturnType<typeof createSportsbookApi>;
