import { LEAVE_PAY_ON } from '@lobby/sdk';

/**
 * The pure rules of the leave-pay-window prompt (spec sections 2 and 7), apart from the
 * hook (use-leave-pay-prompt.ts) so they are unit-tested without a browser.
 */

/** What the click test needs of a click event. */
export interface ClickFacts {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/** What the click test needs of the clicked link. */
export interface LinkFacts {
  href: string;
  target: string;
  hasDownload: boolean;
}

/**
 * Whether a click on a link leaves the current page in this tab, so the prompt must ask
 * first: a plain left click on a link to another path or query (same site or not). Links
 * opened in a new tab or window, downloads, modified clicks, same-page anchors and
 * non-web schemes (mailto:, tel:) leave nothing and are not asked about.
 *
 * @example leavesPage({ href: 'http://h/app/home', target: '', hasDownload: false }, click, 'http://h/app/myCenter/deposit') // true
 */
export function leavesPage(link: LinkFacts, click: ClickFacts, currentHref: string): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (link.hasDownload || (link.target !== '' && link.target !== '_self')) return false;
  let to: URL;
  let from: URL;
  try {
    to = new URL(link.href, currentHref);
    from = new URL(currentHref);
  } catch {
    return false;
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return false;
  return to.origin !== from.origin || to.pathname !== from.pathname || to.search !== from.search;
}

/** The prompt asks only when the page says the payment is open and the brand's config status is 1. */
export function promptOn(active: boolean, configStatus: number | null): boolean {
  return active && configStatus === LEAVE_PAY_ON;
}
