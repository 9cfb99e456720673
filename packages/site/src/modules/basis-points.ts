/**
 * A rate in basis points (hundredths of a percent) as members read it, two decimals, in
 * integers only (no float rounding).
 *
 * @example formatBasisPoints(9650) // '96.50%'
 */
export function formatBasisPoints(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
}
