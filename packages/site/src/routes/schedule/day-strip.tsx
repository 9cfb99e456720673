import { Link } from 'react-router-dom';
import type { StripDay } from './days.js';
import { dayLabel } from './format.js';

/**
 * The strip of Beijing days as links, the shown day marked current: the schedule's results
 * and fixtures, the lottery's draws by day.
 */
export function DayStrip({ strip, day, hrefOf, label, today, language }: {
  strip: readonly StripDay[];
  day: string;
  hrefOf: (day: string) => string;
  /** The strip's accessible name. */
  label: string;
  /** Today's label (the other days show month/day and weekday). */
  today: string;
  language: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="day-strip">
        {strip.map((item) => (
          <li key={item.day}>
            <Link to={hrefOf(item.day)} aria-current={item.day === day ? 'date' : undefined}>
              {item.offset === 0 ? today : dayLabel(item.day, language)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
