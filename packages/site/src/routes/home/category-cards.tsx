import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $siteConfig, localized, type CallResponse, type CategoryCard, type categoryCards, type SiteBaseConfig } from '@lobby/sdk';
import type { ApiLoad } from '../../app/use-api.js';
import { useText } from '../../i18n/use-text.js';
import { useShownPaths } from '../../modules/control-switches/use-control-switches.js';
import { safeHref } from '../../modules/safe-href.js';

/** The base-config venue group of each card (spec section 3: ty sports, zr live, cp lottery, by fishing, dz casino). */
const venueGroup: Record<CategoryCard['kind'], keyof SiteBaseConfig['venues']> = {
  sports: 'ty',
  live: 'zr',
  lottery: 'cp',
  fish: 'by',
  electronic: 'dz',
};

/** Category cards: sports, live, lottery, fish, electronic, each naming the brand's venues (home loads them). */
export function CategoryCards({ load: { data } }: { load: ApiLoad<CallResponse<typeof categoryCards>> }) {
  const language = useStore($language);
  const venues = useStore($siteConfig)?.venues;
  const text = useText();
  const pathOn = useShownPaths(); // general control switches hide their routes
  if (!data || data.length === 0) return null;
  return (
    <nav className="category-cards" aria-label={text('categories')}>
      {data.filter((card) => safeHref(card.path, ['path']) && pathOn(card.path)).map((card) => {
        const title = localized(card.title, language);
        return (
          <Link key={card.kind} className={`category-card ${card.kind}`} to={card.path}>
            <img src={card.imageUrl} alt="" />
            <span>{title}</span>
            <small className="card-venues">{venues?.[venueGroup[card.kind]].map((venue) => (language === 'en' ? venue.enName : venue.zhName)).join(' · ')}</small>
          </Link>
        );
      })}
    </nav>
  );
}
