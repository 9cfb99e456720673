import type { ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, venueTypeList, type CallResponse } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { usePageTitle } from '../../layout/page-title.js';
import type { LaunchTarget } from '../loading/launch-link.js';
import { GameLobby } from './game-lobby.js';
import { venueTexts } from './texts.js';
import { chosenVenue, isSportsbookType, venueTypeOf, type VenueType } from './venue-types.js';

export { venueTypeOf } from './venue-types.js';

type Venue = CallResponse<typeof venueTypeList>[number];
/** What a sports or e-sports venue shows once chosen (the sportsbook route passes its own). */
export type SportsbookBody = (venue: Venue, name: string) => ReactNode;

/**
 * A venue page (/app/gaming, /app/eGaming/:djType/:venueUrl?, /app/sport,
 * /app/venuesSport/:sportType/:venueUrl?, /app/egame/:id, /app/realbet, /app/lottery,
 * /app/chessGame, /app/fishing/:id): the brand's venues of the page's type as tabs
 * (`venueUrl`, `id` or `?venue=` picks one) and the chosen venue's games.
 */
export function VenuesPage() {
  const type = venueTypeOf(useLocation().pathname) ?? 'ty';
  return <VenueLobbyPage type={type} />;
}

/** The lobby of one venue type; the inline venue page passes its own launch target. */
export function VenueLobbyPage({ type, hrefOf, inline = false, sportsbook }: { type: VenueType; hrefOf?: (venue: Venue) => (target: LaunchTarget) => string; inline?: boolean; sportsbook?: SportsbookBody }) {
  const title = usePageTitle();
  const t = usePageTexts(venueTexts);
  const language = useStore($language);
  const { pathname } = useLocation();
  const params = useParams();
  const [query] = useSearchParams();
  const { data, error } = useApi(venueTypeList, { type });
  const venue = data ? chosenVenue(data, query.get('venue') ?? params.venueUrl ?? params.id) : undefined;
  const nameOf = (item: Venue) => (language === 'en' ? item.enName : item.zhName);
  const from = venue ? `${pathname}?venue=${encodeURIComponent(venue.code)}` : pathname;
  return (
    <section className="venues-page">
      <h1 className="page-title">{title}</h1>
      {error ? <p className="notice error">{error}</p> : null}
      {data && data.length === 0 ? <p className="notice">{t('none')}</p> : null}
      {data && data.length > 0 ? (
        <nav aria-label={t('venues')}>
          <ul className="venue-tabs">
            {data.map((item) => (
              <li key={item.code} className={item.maintenance ? 'venue-tab in-maintenance' : 'venue-tab'} data-venue={item.code}>
                <Link to={`${pathname}?venue=${encodeURIComponent(item.code)}`} aria-current={item === venue ? 'page' : undefined}>
                  {nameOf(item)}
                  {item.maintenance ? <span className="venue-state maintenance"> ({t('maintenance')})</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {venue ? <VenueBody key={venue.code} venue={venue} name={nameOf(venue)} type={type} from={from} hrefOf={hrefOf?.(venue)} inline={inline} sportsbook={sportsbook} /> : null}
    </section>
  );
}

function VenueBody({ venue, name, type, from, hrefOf, inline, sportsbook }: { venue: Venue; name: string; type: VenueType; from: string; hrefOf?: (target: LaunchTarget) => string; inline: boolean; sportsbook?: SportsbookBody }) {
  const t = usePageTexts(venueTexts);
  if (venue.maintenance) {
    return (
      <p className="notice error venue-closed" role="status">
        {t('venueMaintenance', { venue: name })}
      </p>
    );
  }
  if (isSportsbookType(type)) {
    if (sportsbook) return sportsbook(venue, name);
    return (
      <p className="notice venue-closed" role="status">
        {t('sportsbook', { venue: name })}
      </p>
    );
  }
  return <GameLobby venueCode={venue.code} venueName={name} from={from} hrefOf={hrefOf} inline={inline} />;
}
