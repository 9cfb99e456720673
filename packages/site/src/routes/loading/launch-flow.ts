import { ApiError, CLIENT_CODE, CODE, fromMinor, t, toMinor } from '@lobby/sdk';
import type { LaunchResult, VenueStatus } from '../../modules/games-api.js';
import type { LaunchTarget } from './launch-link.js';
import { safeHref } from '../../modules/safe-href.js';

/** The steps a launch shows, in order (docs/GAMES.md, "Launch pages"). */
export type LaunchStep = 'check' | 'launch' | 'transfer' | 'open';

/** Why a launch stopped; each has its own message and none loses money. */
export type LaunchProblem = 'maintenance' | 'gameMaintenance' | 'transferFailed' | 'transferPending' | 'expired' | 'signIn' | 'failed';

/** What the transfer step did, shown under the steps. */
export type TransferNote = { kind: 'recalling' | 'moving' | 'moved'; amountMinor: number } | { kind: 'nothingToMove' | 'autoOff' | 'seamless' | 'demoNoMoney' };

/** Money of the member in one venue (the wallet's books). */
export interface VenueHolding {
  venueCode: string;
  amountMinor: number;
  maintenance: boolean;
}

export interface LaunchProgress {
  steps: readonly LaunchStep[];
  step: number;
  note: TransferNote | null;
  problem: LaunchProblem | null;
  /** The server's message of a failure, shown inside the problem's text. */
  detail: string;
  /** Where the game runs, once launched and not expired. */
  url: string | null;
}

/** The calls a launch makes; the page passes the real ones, a test fakes them. */
export interface LaunchCalls {
  venueStatus(venueCode: string): Promise<VenueStatus>;
  launch(target: { venueCode: string; gameCode: string; resume: boolean }): Promise<LaunchResult>;
  demoLaunch(target: { venueCode: string; gameCode: string }): Promise<{ url: string }>;
  autoTransferOn(): Promise<boolean>;
  centreBalanceMinor(): Promise<number>;
  /** The member's money in each venue. */
  venueHoldings(): Promise<VenueHolding[]>;
  /** Moves `amountMinor` from a venue back to the centre wallet under a fresh key; answers how the venue took it. */
  transferOut(venueCode: string, amountMinor: number): Promise<'completed' | 'failed' | 'pending'>;
  /** Moves `amountMinor` into the venue under `key`; answers how the venue took it. */
  transferIn(venueCode: string, amountMinor: number, key: string): Promise<'completed' | 'failed' | 'pending'>;
  /** The transfer of this launch still waiting for its final answer: retried with the same key and amount. */
  openTransfer: { get(venueCode: string): { key: string; amountMinor: number } | null; set(venueCode: string, value: { key: string; amountMinor: number } | null): void };
  newKey(): string;
  now(): number;
}

export const stepsOf = (demo: boolean): readonly LaunchStep[] => (demo ? ['check', 'launch', 'open'] : ['check', 'launch', 'transfer', 'open']);

const problemOf = (failure: unknown): { problem: LaunchProblem; detail: string } => {
  if (failure instanceof ApiError && failure.code === CODE.venueMaintaining) return { problem: 'maintenance', detail: '' };
  if (failure instanceof ApiError && failure.code === CODE.gameMaintaining) return { problem: 'gameMaintenance', detail: '' };
  if (failure instanceof ApiError && failure.code === CODE.tokenInvalid) return { problem: 'signIn', detail: '' };
  return { problem: 'failed', detail: failure instanceof Error ? failure.message : String(failure) };
};

/**
 * Runs one launch: check the venue, launch (the answer tells the venue's wallet model),
 * then, for a transfer venue with the member's auto transfer on, move the whole centre
 * balance into the venue under one idempotency key (kept until the venue's final answer,
 * so a retry reconciles instead of moving twice), then hand over the game's address.
 * Reports each step through `report`; answers the last progress.
 *
 * @example const last = await runLaunch(calls, { venueCode: 'LBSLOTS', gameCode: 'fruit', demo: false }, setProgress)
 */
export async function runLaunch(calls: LaunchCalls, target: LaunchTarget, report: (progress: LaunchProgress) => void): Promise<LaunchProgress> {
  let progress: LaunchProgress = { steps: stepsOf(target.demo), step: 0, note: target.demo ? { kind: 'demoNoMoney' } : null, problem: null, detail: '', url: null };
  const update = (patch: Partial<LaunchProgress>): LaunchProgress => {
    progress = { ...progress, ...patch };
    report(progress);
    return progress;
  };
  const at = (step: LaunchStep) => progress.steps.indexOf(step);
  update({});
  try {
    const status = await calls.venueStatus(target.venueCode);
    if (status.maintenance) return update({ problem: 'maintenance' });
    if (status.gamesInMaintenance.includes(target.gameCode)) return update({ problem: 'gameMaintenance' });
    update({ step: at('launch') });
    const game = target.demo
      ? { url: (await calls.demoLaunch(target)).url, expiresAt: null, walletModel: 'demo' as const }
      : await calls.launch({ venueCode: target.venueCode, gameCode: target.gameCode, resume: target.resume === true });
    if (game.walletModel !== 'demo') {
      update({ step: at('transfer') });
      const stopped = await moveMoney(calls, target.venueCode, game.walletModel, update);
      if (stopped) return stopped;
    }
    update({ step: at('open') });
    if (game.expiresAt !== null && Date.parse(game.expiresAt) <= calls.now()) return update({ problem: 'expired' });
    // The game's address goes into a frame: a path of this site or an https provider, nothing else.
    const url = safeHref(game.url);
    return url === null ? update({ problem: 'failed', detail: t('requestFailed') }) : update({ url });
  } catch (failure) {
    return update(problemOf(failure));
  }
}

async function moveMoney(calls: LaunchCalls, venueCode: string, model: 'transfer' | 'seamless', update: (patch: Partial<LaunchProgress>) => LaunchProgress): Promise<LaunchProgress | null> {
  if (model === 'seamless') return (update({ note: { kind: 'seamless' } }), null);
  if (!(await calls.autoTransferOn())) return (update({ note: { kind: 'autoOff' } }), null);
  const open = calls.openTransfer.get(venueCode);
  if (open === null) await recallOthers(calls, venueCode, update);
  const amountMinor = open?.amountMinor ?? (await calls.centreBalanceMinor());
  if (amountMinor <= 0) return (update({ note: { kind: 'nothingToMove' } }), null);
  const key = open?.key ?? calls.newKey();
  calls.openTransfer.set(venueCode, { key, amountMinor });
  update({ note: { kind: 'moving', amountMinor } });
  let state: 'completed' | 'failed' | 'pending';
  try {
    state = await calls.transferIn(venueCode, amountMinor, key);
  } catch (failure) {
    // No answer at all (network): the same key and amount go again on retry.
    if (failure instanceof ApiError && failure.code === CLIENT_CODE.networkError) return update({ problem: 'transferPending' });
    calls.openTransfer.set(venueCode, null);
    if (failure instanceof ApiError && failure.code === CODE.venueTransferFailed) return update({ problem: 'transferFailed', detail: failure.message });
    throw failure;
  }
  if (state === 'pending') return update({ problem: 'transferPending' });
  calls.openTransfer.set(venueCode, null);
  if (state === 'failed') return update({ problem: 'transferFailed', detail: '' });
  update({ note: { kind: 'moved', amountMinor } });
  return null;
}

/**
 * Auto transfer: the money follows the member, so the money left in other venues comes
 * back to the centre wallet first (each venue's whole balance, one transfer out each). A
 * venue that refuses or does not answer keeps its money, safe there; the launch goes on.
 */
async function recallOthers(calls: LaunchCalls, venueCode: string, update: (patch: Partial<LaunchProgress>) => LaunchProgress): Promise<void> {
  const others = (await calls.venueHoldings()).filter((holding) => holding.venueCode !== venueCode && holding.amountMinor > 0 && !holding.maintenance);
  const amountMinor = others.reduce((sum, holding) => sum + holding.amountMinor, 0);
  if (amountMinor === 0) return;
  update({ note: { kind: 'recalling', amountMinor } });
  for (const holding of others) await calls.transferOut(holding.venueCode, holding.amountMinor).catch(() => 'failed' as const);
}

/** Yuan on the wire from minor units, for the transfer call. */
export const yuanOf = (amountMinor: number): number => fromMinor(amountMinor, 2);
/** Minor units from a yuan wire amount. */
export const minorOf = (yuan: number): number => toMinor(yuan, 2);
