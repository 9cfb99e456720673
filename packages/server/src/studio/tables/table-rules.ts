import { createHmac } from 'node:crypto';
import { byteSourceFrom, outcomeFromBytes, validateBet, type StudioGame } from '@lobby/sdk';

/**
 * The rules a shared table plays by: the sdk's engine of its game (`live-baccarat`,
 * `dice-draw`), so a table round verifies like any other studio round.
 *
 * Provably fair: a round's bytes are HMAC-SHA256(server seed, `${clientSeed}:${nonce}`)
 * (then `:${cursor}` for further 32-byte blocks); client seed = the table id, nonce = the
 * round number. The engines read the deal's bytes the same way whatever the bet, so one
 * round deals the same cards or dice for every member.
 */

/** A bet on a shared round, as the engines take table bets: stakes in fen by spot code. */
export interface TableBet {
  spots: Partial<Record<string, number>>;
}

export interface TablePlay {
  stakeMinor: number;
  payoutMinor: number;
  /** e.g. "Banker 7 : Player 5, Banker wins". */
  result: string;
  /** The engine's display: baccarat { player: ['QH', ...], banker, playerPoints, bankerPoints, events, spots }; dice { dice, sum, winningSpots, spots }. */
  display: unknown;
}

export interface TableSpot {
  code: string;
  nameZh: string;
  nameEn: string;
}

export interface TableRules {
  kind: 'baccarat' | 'dice';
  spots: readonly TableSpot[];
  /** A problem with the bet naming the field, or null. */
  validate(bet: unknown): string | null;
  /** The round dealt from its blocks and `bet` settled on it. */
  play(block: (cursor: number) => Uint8Array, bet: TableBet): TablePlay;
}

/** Block `cursor` of a round's bytes, with Node's crypto (the same bytes as the sdk's `fairBytes`). */
export function roundBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  const message = cursor > 0 ? `${clientSeed}:${nonce}:${cursor}` : `${clientSeed}:${nonce}`;
  return createHmac('sha256', serverSeed).update(message).digest();
}

/**
 * A table game's rules from its engine.
 *
 * @example engineTableRules(studioGame('dice-draw')!).validate({ spots: { big: 10_00 } }) // null
 */
export function engineTableRules(game: StudioGame): TableRules {
  const rules = game.rules;
  if (rules.kind !== 'baccarat' && rules.kind !== 'dice') throw new Error(`${game.code} is not a baccarat or dice game`);
  return {
    kind: rules.kind,
    spots: rules.spots.map(({ code, nameZh, nameEn }) => ({ code, nameZh, nameEn })),
    validate: (bet) => validateBet(game, bet),
    play: (block, bet) => outcomeFromBytes(game, byteSourceFrom(block), bet),
  };
}
