/** Times on the content pages are Beijing times, like their days (the brands' home time zone). */
const TIME_ZONE = 'Asia/Shanghai';
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A kick-off or draw time as HH:mm, Beijing. @example clockTime('2026-11-26T12:30:00Z', 'en') // '20:30' */
export function clockTime(at: string | number, language: string): string {
  let format = timeFormats.get(language);
  if (!format) timeFormats.set(language, (format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE })));
  return format.format(new Date(at));
}

/** A strip day's label: month/day and weekday. @example dayLabel('2026-11-26', 'en') // 'Thu 11/26' */
export function dayLabel(day: string, language: string): string {
  let format = dayFormats.get(language);
  if (!format) dayFormats.set(language, (format = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', weekday: 'short', timeZone: 'UTC' })));
  return format.format(new Date(`${day}T00:00:00Z`));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A kick-off as HH:mm when it is on today's Beijing day, else with its month and day. @example kickOff('2026-11-27T18:00:00Z', 'en', now) // '11/28, 02:00' */
export function kickOff(at: string, language: string, nowMs: number): string {
  const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  if (day(Date.parse(at)) === day(nowMs)) return clockTime(at, language);
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });
    dateTimeFormats.set(language, format);
  }
  return format.format(new Date(at));
}
