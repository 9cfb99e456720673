import { useEffect, useRef, useState } from 'react';
import { leavePayConfig, type ApiClient } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { authTexts } from '../app/auth/auth-texts.js';
import { usePageTexts } from '../i18n/page-texts.js';
import { leavesPage, promptOn } from './leave-pay.js';

// One config load per client (the brand's config does not change within a page's life).
const configLoads = new WeakMap<ApiClient, Promise<number | null>>();

function loadStatus(client: ApiClient): Promise<number | null> {
  let load = configLoads.get(client);
  if (!load) {
    load = client.call(leavePayConfig, {}).then(
      ({ status }) => status,
      () => {
        configLoads.delete(client);
        return null;
      },
    );
    configLoads.set(client, load);
  }
  return load;
}

/**
 * Leave-pay-window confirm prompt (spec sections 2 and 7). While `active` is true (the
 * deposit payment page shows an open payment) and the brand's leave-pay config status is
 * 1, leaving the page asks first:
 * - a click on any link that leaves the page in this tab (header, menu, footer, in-page)
 *   opens a confirm; Cancel keeps the member on the page, OK lets the navigation happen;
 * - reloading, closing the tab or typing an address gets the browser's own
 *   leave-page prompt (beforeunload);
 * - the browser's back button opens the confirm too: a copy of the page's history entry is
 *   put on top of it (BrowserRouter has no navigation blocker), so back first returns to the
 *   page itself; OK then goes back past it, Cancel puts the copy back.
 * When the payment completes on the page, the guard steps back off its entry. Not asked:
 * navigations the page starts itself with navigate().
 * The config is fetched once per page load; while it loads, or if it fails, nothing asks.
 *
 * @example
 * // in the deposit page, once an order awaits payment:
 * useLeavePayPrompt(order !== null && order.state === DEPOSIT_STATE.pending);
 */
export function useLeavePayPrompt(active: boolean): void {
  const { client } = useLobby();
  const t = usePageTexts(authTexts);
  const [status, setStatus] = useState<number | null>(null);
  const message = t('leavePayConfirm');

  useEffect(() => {
    if (!active) return;
    let current = true;
    void loadStatus(client).then((loaded) => current && setStatus(loaded));
    return () => {
      current = false;
    };
  }, [client, active]);

  const on = promptOn(active, status);
  useEffect(() => {
    if (!on) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const facts = { href: link.href, target: link.target, hasDownload: link.hasAttribute('download') };
      if (!leavesPage(facts, event, location.href)) return;
      if (window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message; // older browsers show the prompt only with returnValue set
    };
    // Capture on the document runs before React's root listener, so a cancelled click
    // never reaches a react-router <Link>.
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [on, message]);

  // The back-button guard depends on `on` only (the message is read when asked), so a language
  // change does not take the guard entry down and put it up again.
  const messageRef = useRef(message);
  messageRef.current = message;
  useEffect(() => {
    if (!on) return;
    guardHistory();
    let leaving = false;
    const onPopState = () => {
      if (leaving || isGuard(history.state)) return;
      if (window.confirm(messageRef.current)) {
        leaving = true;
        history.back();
      } else {
        guardHistory();
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Still on the guard entry (the payment completed on the page): step off it, so the next
      // back leaves the page. After a navigation away the current entry is another page's.
      if (!leaving && isGuard(history.state)) history.back();
    };
  }, [on]);
}

/** The mark of the history entry the back-button guard puts over the page's own (same address, same router state). */
const GUARD_MARK = 'lobbyLeavePayGuard';

const isGuard = (state: unknown) => typeof state === 'object' && state !== null && GUARD_MARK in state;

/** Puts the guard entry on top of the current one, unless it is there already. */
function guardHistory(): void {
  if (!isGuard(history.state)) history.pushState({ ...(history.state as object | null), [GUARD_MARK]: true }, '', location.href);
}
