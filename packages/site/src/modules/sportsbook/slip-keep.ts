import { MARKET_TYPES, isOddsMilli } from '@lobby/sdk';
import { SLIP_LEGS_MAX, offeredKinds, type SlipEntry, type SlipKind } from './slip.js';

/**
 * What of a bet slip survives a reload (docs/SPORTSBOOK-SITE.md, "The bet slip"): the
 * selections with the prices the member agreed to, the bet kind, the typed stake, and the
 * slip id of a placement that got no answer (so "Retry the bet" after F5 is still the same
 * slip and the server answers the first placement instead of taking the stake twice).
 */
export interface KeptSlip {
  entries: SlipEntry[];
  kind: SlipKind;
  stakeText: string;
  /** The slip id of a placement sent but never answered (failed, or cut off by the reload). */
  unansweredSlipId: string | null;
}

const FIXTURE_STATUSES: readonly string[] = ['scheduled', 'live', 'ended', 'cancelled'];
const SLIP_ID = /^[A-Za-z0-9_-]{8,64}$/;
const STAKE_TEXT_MAX = 20;
const TEXT_MAX = 200;

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= TEXT_MAX;
const isVersion = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** One stored selection, or null when anything in it is not what the slip wrote. */
function entryOf(value: unknown): SlipEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const texts = ['fixtureId', 'homeEn', 'homeZh', 'awayEn', 'awayZh', 'marketId', 'selectionId', 'selectionEn', 'selectionZh'] as const;
  if (!texts.every((name) => isText(item[name]))) return null;
  if (!FIXTURE_STATUSES.includes(item.fixtureStatus as string) || !(MARKET_TYPES as readonly string[]).includes(item.marketType as string)) return null;
  if (item.line !== undefined && (typeof item.line !== 'number' || !Number.isFinite(item.line))) return null;
  if (!isOddsMilli(item.seenOdds) || !isOddsMilli(item.odds) || !isVersion(item.seenVersion) || !isVersion(item.version) || typeof item.open !== 'boolean') return null;
  return {
    fixtureId: item.fixtureId as string, fixtureStatus: item.fixtureStatus as SlipEntry['fixtureStatus'],
    homeEn: item.homeEn as string, homeZh: item.homeZh as string, awayEn: item.awayEn as string, awayZh: item.awayZh as string,
    marketId: item.marketId as string, marketType: item.marketType as SlipEntry['marketType'], line: item.line as number | undefined,
    selectionId: item.selectionId as string, selectionEn: item.selectionEn as string, selectionZh: item.selectionZh as string,
    seenOdds: item.seenOdds, seenVersion: item.seenVersion, odds: item.odds, version: item.version, open: item.open,
  };
}

/**
 * The text kept for a slip, or null when there is nothing to keep (an empty slip, or one whose
 * bets were taken: a reload must not offer the same bets again as a new slip).
 *
 * @example keptSlipText({ entries, kind: 'single', stakeText: '10', unansweredSlipId: null })
 */
export function keptSlipText(slip: KeptSlip): string | null {
  if (slip.entries.length === 0) return null;
  return JSON.stringify({ v: 1, ...slip });
}

/**
 * The slip kept by `keptSlipText`, or null for nothing kept or anything damaged or changed by
 * hand (a slip is rebuilt whole or not at all: one bad selection drops the lot).
 *
 * @example restoredSlip(localStorage.getItem('lobby.sports.slip.LBSPORT'))
 */
export function restoredSlip(text: string | null): KeptSlip | null {
  if (!text) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || value.v !== 1 || !Array.isArray(value.entries)) return null;
  if (value.entries.length === 0 || value.entries.length > SLIP_LEGS_MAX) return null;
  const entries = value.entries.map(entryOf);
  if (entries.some((entry) => entry === null)) return null;
  const kept = entries as SlipEntry[];
  const keys = new Set(kept.map((entry) => `${entry.fixtureId}/${entry.marketId}`));
  if (keys.size !== kept.length) return null;
  const stakeText = typeof value.stakeText === 'string' && value.stakeText.length <= STAKE_TEXT_MAX ? value.stakeText : '';
  const kind = offeredKinds(kept).includes(value.kind as SlipKind) ? (value.kind as SlipKind) : 'single';
  const unansweredSlipId = typeof value.unansweredSlipId === 'string' && SLIP_ID.test(value.unansweredSlipId) ? value.unansweredSlipId : null;
  return { entries: kept, kind, stakeText, unansweredSlipId };
}
