import { isAppPath, safeHref } from '../../modules/safe-href.js';

/** The video files a browser plays in a `<video>` element. */
const PLAYABLE = /\.(mp4|webm)$/i;

/**
 * How the carnival page shows one video (docs/CAMPAIGNS.md, "Videos"). The CSP takes media
 * from this site only (`media-src 'self' blob:`), so only a video file of this origin plays in
 * the page; a video on another host is a link that opens it in a new tab (naming the host), a
 * page of this site is a link to it, and an address that is not safe is not shown at all.
 *
 * @example carnivalVideoView('https://cdn.example/final.mp4', 'https://lobby.example') // { kind: 'elsewhere', href: 'https://cdn.example/final.mp4', host: 'cdn.example' }
 */
export function carnivalVideoView(url: string, origin: string): { kind: 'player'; src: string } | { kind: 'page'; to: string } | { kind: 'elsewhere'; href: string; host: string } | { kind: 'none' } {
  const href = safeHref(url);
  if (href === null) return { kind: 'none' };
  const address = new URL(href, origin);
  const own = address.origin === origin;
  if (own && PLAYABLE.test(address.pathname)) return { kind: 'player', src: isAppPath(href) ? href : `${address.pathname}${address.search}` };
  if (own) return { kind: 'page', to: `${address.pathname}${address.search}${address.hash}` };
  return { kind: 'elsewhere', href, host: address.host };
}
