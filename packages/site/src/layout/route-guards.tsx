import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session, $siteConfig, activityAccess } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { safeStorage } from '../modules/safe-storage.js';
import { BLACKLIST_FROM_KEY, isActivityPage, isIntercepted, type Viewer } from './activity-guard.js';
import { mustShowMaintenance } from './maintenance.js';

const session = safeStorage(() => globalThis.sessionStorage);

/** Keeps the intercepted path and query, then replaces the page with /blackList. */
function ToBlackList({ from }: { from: string }) {
  useEffect(() => session.set(BLACKLIST_FROM_KEY, from), [from]);
  return <Navigate to="/blackList" replace />;
}

/** The blacklist answer per session token, asked once per session (the server refuses a blacklisted member's claims anyway). */
const accessOfToken = new Map<string, boolean>();

/**
 * Who is looking at an activity page: a visitor, or a member (blacklisted or not, asked of
 * the server the first time a session opens an activity page; in good standing until it answers).
 */
function useViewer(onActivityPage: boolean): Viewer {
  const session = useStore($session);
  const { client } = useLobby();
  const token = session?.token;
  const [, setAnswered] = useState(0);
  useEffect(() => {
    if (!token || !onActivityPage || accessOfToken.has(token)) return;
    let current = true;
    client.call(activityAccess, {}).then(
      ({ blacklisted }) => {
        accessOfToken.set(token, blacklisted);
        if (current) setAnswered((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, token, onActivityPage]);
  return { loggedIn: Boolean(token), blacklisted: token ? accessOfToken.get(token) === true : false };
}

/**
 * The redirects of spec section 2 before a page renders: the maintenance window of the
 * base config sends visitors to /maintenance; activity pages go to /blackList for visitors
 * and blacklisted members unless previewed or coming back from it (docs/PROMOTIONS.md).
 *
 * @example <RouteGuards><Outlet /></RouteGuards>
 */
export function RouteGuards({ children }: { children: ReactNode }) {
  const location = useLocation();
  const siteConfig = useStore($siteConfig);
  const viewer = useViewer(isActivityPage(location.pathname));
  if (mustShowMaintenance(siteConfig?.maintenance, location.pathname, Date.now())) return <Navigate to="/maintenance" replace />;
  if (isIntercepted(location.pathname, location.search, location.state, viewer)) return <ToBlackList from={location.pathname + location.search} />;
  return children;
}
