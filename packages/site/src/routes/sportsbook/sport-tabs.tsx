import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, type SportCode, type SportSummary } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import type { SportsbookApi } from '../../modules/sportsbook/sportsbook-api.js';
import { sportsbookTexts } from './texts.js';

/** The venue's sports (football, basketball; e-sports: esoccer, moba) with their live counts. */
export function useSports(api: SportsbookApi, kind: 'sports' | 'esports'): SportSummary[] | undefined {
  const [sports, setSports] = useState<SportSummary[]>();
  useEffect(() => {
    let live = true;
    api.sports(kind).then(
      (answer) => live && setSports(answer.sports),
      () => live && setSports([]),
    );
    return () => {
      live = false;
    };
  }, [api, kind]);
  return sports;
}

/** The sport tabs, each with its live count; the chosen one is the current page. */
export function SportTabs({ sports, sport, hrefOf }: { sports: readonly SportSummary[]; sport: SportCode | undefined; hrefOf: (change: Record<string, string | null>) => string }) {
  const t = usePageTexts(sportsbookTexts);
  const language = useStore($language);
  return (
    <nav className="sport-tabs" aria-label={t('sports')}>
      {sports.map((item) => (
        <Link key={item.sport} to={hrefOf({ sport: item.sport, match: null })} aria-current={item.sport === sport ? 'page' : undefined}>
          {language === 'en' ? item.nameEn : item.nameZh}
          {item.live > 0 ? <span className="sport-live"> {item.live}</span> : null}
        </Link>
      ))}
    </nav>
  );
}
