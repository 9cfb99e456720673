/** Which parts of the page frame a route shows. */
export interface Chrome {
  header: boolean;
  footer: boolean;
}

// Spec section 2, "Route behaviour". Route names match case-insensitively, as routes do.
const sponsorPage = /^\/(?:sponsor|sponsorModelTemp|app\/sponsorModel)(?:\/|$)/i;
/** "The download page" whose header is hidden: the standalone /download-page. */
const downloadPage = /^\/download-page\/?$/i;
/** Download pages whose footer is hidden: the standalone one and the one in the main layout. */
const anyDownloadPage = /^\/(?:download-page|app\/appDownloadPage)\/?$/i;
const anchorGamePage = /^\/app\/anchor-game\/?$/i;
const inlineVenuePage = /^\/app\/inlineVenueCommon(?:\/|$)/i;
const sportsVenuePage = /^\/app\/venuesSport(?:\/|$)/i;
const eGamingPage = /^\/app\/eGaming(?:\/|$)/i;

const noFooter = [sponsorPage, anyDownloadPage, anchorGamePage, inlineVenuePage, sportsVenuePage, eGamingPage];
const noHeader = [sponsorPage, downloadPage];

/**
 * The header and footer rules of spec section 2: the footer is hidden on sponsor,
 * anchor-game, download, inline venue, sports venue and e-gaming pages; the header on
 * sponsor pages and the download page.
 *
 * @example chromeFor('/app/anchor-game') // { header: true, footer: false }
 */
export function chromeFor(pathname: string): Chrome {
  return {
    header: !noHeader.some((page) => page.test(pathname)),
    footer: !noFooter.some((page) => page.test(pathname)),
  };
}
