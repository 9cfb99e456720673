import { ODDS_FORMATS, type OddsFormat } from '@lobby/sdk';

/** Where a visitor's choice is kept (a member's is kept by the sportsbook call too). */
export const ODDS_FORMAT_KEY = 'lobby.sports.oddsFormat';

type Listener = (format: OddsFormat) => void;

export interface OddsFormatOptions {
  keep: { get(key: string): string | null; set(key: string, value: string): void };
}

/** A known odds format from stored text, else decimal. */
export function oddsFormatOf(text: string | null | undefined): OddsFormat {
  return ODDS_FORMATS.includes(text as OddsFormat) ? (text as OddsFormat) : 'decimal';
}

/**
 * The odds format prices are shown in: the visitor's from local storage; a member's from the
 * server once loaded (`load`), and `choose` keeps it in both places.
 *
 * @example const odds = createOddsFormat({ keep: safeStorage(() => localStorage) }); odds.get() // 'decimal'
 */
export function createOddsFormat({ keep }: OddsFormatOptions) {
  let format = oddsFormatOf(keep.get(ODDS_FORMAT_KEY));
  const listeners = new Set<Listener>();
  const set = (next: OddsFormat) => {
    if (next === format) return;
    format = next;
    keep.set(ODDS_FORMAT_KEY, next);
    listeners.forEach((listener) => listener(format));
  };
  return {
    get: (): OddsFormat => format,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The member's kept format from the server. */
    async load(read: () => Promise<OddsFormat>): Promise<void> {
      set(await read());
    },
    /** Shows prices in `next` at once and keeps it (the member's through `save`). */
    async choose(next: OddsFormat, save?: (format: OddsFormat) => Promise<OddsFormat>): Promise<void> {
      const before = format;
      set(next);
      if (!save) return;
      try {
        set(await save(next));
      } catch (failure) {
        set(before);
        throw failure;
      }
    },
  };
}

export type OddsFormatStore = ReturnType<typeof createOddsFormat>;
