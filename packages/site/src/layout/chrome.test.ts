import { describe, expect, it } from 'vitest';
import { chromeFor } from './chrome.js';

const both = { header: true, footer: true };
const noFooter = { header: true, footer: false };
const neither = { header: false, footer: false };

describe('chromeFor', () => {
  it.each([
    ['/sponsor/lobby/ronaldo', neither],
    ['/sponsorModelTemp/12', neither],
    ['/app/sponsorModel/12', neither],
    ['/download-page', neither],
    ['/app/appDownloadPage', noFooter],
    ['/app/anchor-game', noFooter],
    ['/app/inlineVenueCommon/3', noFooter],
    ['/app/inlineVenueCommon/3/ag', noFooter],
    ['/app/venuesSport/1', noFooter],
    ['/app/venuesSport/1/im', noFooter],
    ['/app/eGaming/2', noFooter],
    ['/app/eGaming/2/tf', noFooter],
  ])('hides the frame on %s as the spec says', (pathname, chrome) => {
    expect(chromeFor(pathname)).toEqual(chrome);
  });

  it.each(['/app/home', '/app/sport', '/app/gaming', '/app/myCenter/deposit', '/app/activity', '/404', '/cs', '/app/sponsorship', '/download-pages'])(
    'shows header and footer on %s',
    (pathname) => {
      expect(chromeFor(pathname)).toEqual(both);
    },
  );

  it('matches route names without regard to case, as the router does', () => {
    expect(chromeFor('/APP/ANCHOR-GAME')).toEqual(noFooter);
  });
});
