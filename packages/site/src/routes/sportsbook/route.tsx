import { useLocation } from 'react-router-dom';
import { VenueLobbyPage, venueTypeOf } from '../venues/route.js';
import type { VenueType } from '../venues/venue-types.js';
import { SportsbookVenue } from './sportsbook.js';

/**
 * The sports and e-sports venue pages (/app/sport, /app/venuesSport/:sportType/:venueUrl?,
 * /app/eGaming/:djType/:venueUrl?): the brand's venues of the kind as tabs (the venue
 * lobby's), and the chosen venue's sportsbook. Its stylesheet is loaded with the page
 * (React hoists the link into the head).
 */
export function SportsbookPage() {
  return <SportsbookLobby type={venueTypeOf(useLocation().pathname) ?? 'ty'} />;
}

/** The venue tabs of a sports (ty) or e-sports (dj) page with the chosen venue's sportsbook; also the inline venue page's body for those types. */
export function SportsbookLobby({ type }: { type: VenueType }) {
  const kind = type === 'dj' ? 'esports' : 'sports';
  return (
    <>
      <link rel="stylesheet" href="/assets/sportsbook.css" precedence="default" />
      <VenueLobbyPage type={type} sportsbook={(venue, name) => <SportsbookVenue key={venue.code} venueCode={venue.code} venueName={name} kind={kind} />} />
    </>
  );
}
