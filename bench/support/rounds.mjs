// Rounds of a figure beside its baseline, measured in the same run: the two take turns and
// the budgeted ratio is the median round's.

/** The item in the middle when sorted by `valueOf` (the median of an odd count). */
export const middleOf = (items, valueOf = (item) => item) => [...items].sort((a, b) => valueOf(a) - valueOf(b))[Math.floor(items.length / 2)];

/**
 * `count` rounds of a baseline and the figure it bounds, taking turns with the order swapped
 * every round (base then subject, subject then base, ...), so a drift through the run (tables
 * growing, caches warming, the machine's neighbours) does not always fall on the same side.
 * `measure(side, round)` answers the round's measurement of 'base' or 'subject'; answers
 * `{ base, subject }` per round, in round order.
 *
 * @example const rounds = await takingTurns(5, (side) => (side === 'base' ? bareRound() : purchaseRound()));
 */
export async function takingTurns(count, measure) {
  const rounds = [];
  for (let round = 0; round < count; round += 1) {
    const figures = {};
    for (const side of round % 2 === 0 ? ['base', 'subject'] : ['subject', 'base']) figures[side] = await measure(side, round);
    rounds.push(figures);
  }
  return rounds;
}
