import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { usePageTexts } from '../../i18n/page-texts.js';
import { usePageTitle } from '../../layout/page-title.js';
import { launchTargetOf, type LaunchTarget } from '../loading/launch-link.js';
import { LaunchView } from '../loading/launch-view.js';
import { SportsbookLobby } from '../sportsbook/route.js';
import { VenueLobbyPage } from '../venues/route.js';
import { venueTexts } from '../venues/texts.js';
import { inlineVenueType } from '../venues/venue-types.js';

/**
 * /app/inlineVenueCommon/:venueType/:venueUrl?: a venue's lobby whose games open inside
 * the layout (the footer is hidden on this route, spec section 2). `venueType` is a venue
 * type (zr) or a category number (3); `?venue=&game=` names the game being played.
 */
export function InlineVenuePage() {
  const title = usePageTitle();
  const t = usePageTexts(venueTexts);
  const { pathname } = useLocation();
  const type = inlineVenueType(useParams().venueType);
  const [query] = useSearchParams();
  const target = launchTargetOf(query);
  if (type === null) {
    return (
      <section className="venues-page">
        <h1 className="page-title">{title}</h1>
        <p className="notice">{t('none')}</p>
      </section>
    );
  }
  if (target) {
    return (
      <section className="venues-page inline-venue">
        <h1 className="page-title">{title}</h1>
        <LaunchView key={query.toString()} target={target} mode="inline" backTo={`${pathname}?venue=${encodeURIComponent(target.venueCode)}`} />
      </section>
    );
  }
  // Sports and e-sports venues are the sportsbook, which already plays inside the layout.
  if (type === 'ty' || type === 'dj') return <SportsbookLobby type={type} />;
  const inlineHref = (target: LaunchTarget) => {
    const next = new URLSearchParams({ venue: target.venueCode, game: target.gameCode });
    if (target.demo) next.set('demo', '1');
    return `${pathname}?${next.toString()}`;
  };
  return <VenueLobbyPage type={type} hrefOf={() => inlineHref} inline />;
}
