import { describe, expect, it } from 'vitest';
import { formatRtp } from '../../modules/games-api.js';
import { launchHref, launchTargetOf } from '../loading/launch-link.js';
import { backPath, chosenVenue, inlineVenueType, isSportsbookType, venueTypeOf } from './venue-types.js';

describe('venue routes', () => {
  it('list the venue type of their path', () => {
    expect(venueTypeOf('/app/sport')).toBe('ty');
    expect(venueTypeOf('/app/venuesSport/1')).toBe('ty');
    expect(venueTypeOf('/app/venuesSport/1/LBSPORT')).toBe('ty');
    expect(venueTypeOf('/app/realbet')).toBe('zr');
    expect(venueTypeOf('/app/lottery')).toBe('cp');
    expect(venueTypeOf('/app/chessGame')).toBe('qp');
    expect(venueTypeOf('/app/fishing/1')).toBe('by');
    expect(venueTypeOf('/app/egame/7')).toBe('dz');
    expect(venueTypeOf('/app/gaming')).toBe('dj');
    expect(venueTypeOf('/app/eGaming/1/venue')).toBe('dj');
    expect(venueTypeOf('/app/inlineVenueCommon/3')).toBeNull();
    expect(venueTypeOf('/app/home')).toBeNull();
  });

  it('read the inline venue type as a type or a spec category number', () => {
    expect(inlineVenueType('3')).toBe('zr');
    expect(inlineVenueType('7')).toBe('by');
    expect(inlineVenueType('DZ')).toBe('dz');
    expect(inlineVenueType('8')).toBeNull();
    expect(inlineVenueType('venue')).toBeNull();
    expect(inlineVenueType(undefined)).toBeNull();
    expect(isSportsbookType('ty') && isSportsbookType('dj') && !isSportsbookType('zr')).toBe(true);
  });

  it('pick the venue named in any case, else the first', () => {
    const venues = [{ code: 'LBSLOTS' }, { code: 'YBHX' }];
    expect(chosenVenue(venues, 'ybhx')).toBe(venues[1]);
    expect(chosenVenue(venues, 'nope')).toBe(venues[0]);
    expect(chosenVenue([], 'YBHX')).toBeUndefined();
  });

  it('go back only to a path of this site', () => {
    expect(backPath('/app/egame/LBSLOTS?venue=LBSLOTS')).toBe('/app/egame/LBSLOTS?venue=LBSLOTS');
    expect(backPath('//evil.example/x')).toBe('/app/home');
    expect(backPath('/\\evil.example')).toBe('/app/home');
    expect(backPath('https://evil.example')).toBe('/app/home');
    expect(backPath(null, '/app/lottery')).toBe('/app/lottery');
  });

  it('carry the launch in the query and read back only codes', () => {
    const href = launchHref('ptLoading', { venueCode: 'LBSLOTS', gameCode: 'fruit-7', demo: true }, '/app/egame/LBSLOTS');
    expect(href.startsWith('/ptLoading?')).toBe(true);
    const query = new URLSearchParams(href.split('?')[1]);
    expect(launchTargetOf(query)).toEqual({ venueCode: 'LBSLOTS', gameCode: 'fruit-7', demo: true, resume: false });
    expect(query.get('from')).toBe('/app/egame/LBSLOTS');
    expect(launchTargetOf(new URLSearchParams('venue=LBSLOTS&game=<b>'))).toBeNull();
    expect(launchTargetOf(new URLSearchParams(''))).toBeNull();
  });

  it('print a published RTP from hundredths of a percent', () => {
    expect(formatRtp(9650)).toBe('96.50%');
    expect(formatRtp(9705)).toBe('97.05%');
    expect(formatRtp(10000)).toBe('100.00%');
  });
});
