/**
 * Seconds as a clock, mm:ss; with hours from an hour on (`hours: 'auto'`, h:mm:ss) or always
 * (`'always'`), their digits two with `padHours`. Never below 00:00. The one clock format of
 * the site and the widgets: countdowns, elapsed play time, activity spans.
 *
 * @example formatClock(3_725) // '1:02:05'
 * @example formatClock(59, { hours: 'always' }) // '0:00:59'
 * @example formatClock(3_725, { padHours: true }) // '01:02:05'
 */
export function formatClock(seconds: number, { hours = 'auto', padHours = false }: { hours?: 'auto' | 'always'; padHours?: boolean } = {}): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  if (h === 0 && hours === 'auto') return rest;
  return `${padHours ? two(h) : h}:${rest}`;
}
