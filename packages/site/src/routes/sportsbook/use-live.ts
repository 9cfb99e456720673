import { useEffect } from 'react';
import type { Live } from '../../modules/sportsbook/live.js';
import { useSportsbook } from './context.js';

/**
 * Keeps the fixtures a part of the page shows live while it is mounted: prices, statuses
 * and scores pushed over the broker move the board and the slip without polling.
 *
 * @example useLive(fixtureIds)
 */
export function useLive(fixtureIds: readonly string[]): void {
  useLiveOf(useSportsbook().live, fixtureIds);
}

/** useLive for the component that provides the sportsbook (and so cannot read its context). */
export function useLiveOf(live: Live, fixtureIds: readonly string[]): void {
  const key = [...new Set(fixtureIds)].sort().join(' ');
  useEffect(() => (key === '' ? undefined : live.watch(key.split(' '))), [live, key]);
}
