import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $siteConfig } from '@lobby/sdk';
import { safeStorage } from '../modules/safe-storage.js';
import { BLACKLIST_FROM_KEY, isIntercepted } from './activity-guard.js';
import { mustShowMaintenance } from './maintenance.js';

const session = safeStorage(() => globalThis.sessionStorage);

/** Keeps the intercepted path and query, then replaces the page with /blackList. */
function ToBlackList({ from }: { from: string }) {
  useEffect(() => session.set(BLACKLIST_FROM_KEY, from), [from]);
  return <Navigate to="/blackList" replace />;
}

/**
 * The redirects of spec section 2 before a page renders: the maintenance window of the
 * base config sends visitors to /maintenance; activity pages go to /blackList unless
 * previewed or coming back from it.
 *
 * @example <RouteGuards><Outlet /></RouteGuards>
 */
export function RouteGuards({ children }: { children: ReactNode }) {
  const location = useLocation();
  const siteConfig = useStore($siteConfig);
  if (mustShowMaintenance(siteConfig?.maintenance, location.pathname, Date.now())) return <Navigate to="/maintenance" replace />;
  if (isIntercepted(location.pathname, location.search, location.state)) return <ToBlackList from={location.pathname + location.search} />;
  return children;
}
