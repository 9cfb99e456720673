import { map } from 'nanostores';
import { ApiError, homeSport, type ApiClient, type HomeSport, type LiveMatch } from '@lobby/sdk';

export interface SportBlockState {
  sport: HomeSport | null;
  error: string;
}

/**
 * Home's sport block state (spec section 3 "Home sport"): the homeSport answer, moved by
 * pushed fixtures (a newer version replaces the match in the list and the current match).
 * Maintenance comes from the server: under video maintenance the answer has no video
 * detail, under match-list maintenance an empty list (spec section 4).
 *
 * @example const store = createSportStore(client); await store.load(); store.pushed(match);
 */
export function createSportStore(client: ApiClient) {
  const $sport = map<SportBlockState>({ sport: null, error: '' });

  async function load(): Promise<void> {
    try {
      $sport.set({ sport: await client.call(homeSport, {}), error: '' });
    } catch (failure) {
      $sport.setKey('error', failure instanceof ApiError ? failure.message : String(failure));
    }
  }

  function pushed(match: LiveMatch): void {
    const sport = $sport.get().sport;
    if (!sport) return;
    const newer = (shown: LiveMatch) => shown.fixtureId === match.fixtureId && match.version > shown.version;
    const current = sport.currentMatch && newer(sport.currentMatch) ? { ...match, anchorStatus: sport.currentMatch.anchorStatus } : sport.currentMatch;
    const matchList = sport.matchList.map((shown) => (newer(shown) ? match : shown));
    if (current !== sport.currentMatch || matchList.some((shown, i) => shown !== sport.matchList[i])) $sport.setKey('sport', { ...sport, currentMatch: current, matchList });
  }

  return { $sport, load, pushed };
}
