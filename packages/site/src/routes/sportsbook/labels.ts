import { formatOdds, type Fixture, type Market, type OddsFormat, type OddsMilli } from '@lobby/sdk';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import type { SportsbookTextKey } from './texts.js';

type Lookup = PageTextLookup<SportsbookTextKey>;
type Named = { nameEn: string; nameZh: string } | { selectionEn: string; selectionZh: string };

/**
 * A line in quarters as a number of goals: handicaps signed (+0.5, -0.25, 0), totals not.
 *
 * @example lineText(-1, true) // '-0.25'
 */
export function lineText(quarters: number | null | undefined, signed: boolean): string {
  if (quarters === undefined || quarters === null) return '';
  const whole = Math.trunc(Math.abs(quarters) / 4);
  const part = ['', '.25', '.5', '.75'][Math.abs(quarters) % 4]!;
  const text = `${whole}${part}`;
  if (!signed || quarters === 0) return text;
  return quarters > 0 ? `+${text}` : `-${text}`;
}

/** A market's name with its line, in the page's language. */
export function marketName(t: Lookup, market: Pick<Market, 'type'> & { line?: number | null }): string {
  switch (market.type) {
    case '1x2':
      return t('market1x2');
    case 'asian_handicap':
      return t('marketAsianHandicap', { line: lineText(market.line, true) });
    case 'over_under':
      return t('marketOverUnder', { line: lineText(market.line, false) });
    case 'correct_score':
      return t('marketCorrectScore');
    case 'odd_even':
      return t('marketOddEven');
  }
}

/** A fixture's teams in the page's language: 'Home v Away'. */
export function matchName(t: Lookup, language: string, fixture: Pick<Fixture, 'homeEn' | 'homeZh' | 'awayEn' | 'awayZh'>): string {
  return t('matchOf', language === 'en' ? { home: fixture.homeEn, away: fixture.awayEn } : { home: fixture.homeZh, away: fixture.awayZh });
}

/** A name given in both languages, in the page's. */
export function nameIn(language: string, named: Named): string {
  if ('nameEn' in named) return language === 'en' ? named.nameEn : named.nameZh;
  return language === 'en' ? named.selectionEn : named.selectionZh;
}

/** Odds in the member's format. */
export function oddsText(odds: OddsMilli, format: OddsFormat): string {
  return formatOdds(odds, format);
}

/** A kick-off time in the brand's zone (Beijing), as hours and minutes, with the day when not today. */
export function kickOffText(startsAt: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(startsAt));
}
