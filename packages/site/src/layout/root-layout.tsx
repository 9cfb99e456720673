import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $siteConfig } from '@lobby/sdk';
import { useMemberLoader } from '../app/use-member.js';
import { useSiteConfigLoader } from '../app/use-site-config.js';
import { useText } from '../i18n/use-text.js';
import { chromeFor } from './chrome.js';
import { DelayedFallback } from './delayed-fallback.js';
import { PageErrorBoundary } from './page-error-boundary.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { OrderBalls } from './order-balls.js';
import { RouteGuards } from './route-guards.js';
import { ToastHost } from './toast-host.js';
import { useRouteEffects } from './use-route-effects.js';
import { WorldCupEntrance } from './world-cup-entrance.js';
import { RealityCheckMount } from '../routes/responsible/sessions/reality-check-mount.js';

// The notices under the header load after the frame: home's first JavaScript stays small.
const MemberNotices = lazy(() => import('../modules/member-notices/member-notices.js').then((module) => ({ default: module.MemberNotices })));
// The side navigation loads only on brands that show it (base config `sideNav`), likewise.
const SideNav = lazy(() => import('./side-nav.js').then((module) => ({ default: module.SideNav })));

const homePath = /^\/app\/home\/?$/i;

/** The frame of every page: header and footer by the route rules, the page in between. */
export function RootLayout() {
  const { pathname } = useLocation();
  const chrome = chromeFor(pathname);
  const siteConfig = useStore($siteConfig);
  const siteConfigLoad = useSiteConfigLoader();
  const text = useText();
  useRouteEffects();
  useMemberLoader();
  const topPadding = siteConfig?.topPadding === true && !homePath.test(pathname);

  return (
    <div className="shell">
      {chrome.header ? <Header /> : null}
      <main className={topPadding ? 'shell-main with-top-padding' : 'shell-main'}>
        <Suspense fallback={null}>
          <MemberNotices />
        </Suspense>
        {siteConfigLoad.failed ? (
          <div className="notice error" role="alert">
            <p>{text('serverUnreachable')}</p>
            <button className="button" type="button" onClick={siteConfigLoad.retry}>
              {text('retry')}
            </button>
          </div>
        ) : null}
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<DelayedFallback />}>
            <RouteGuards>
              <Outlet />
            </RouteGuards>
          </Suspense>
        </PageErrorBoundary>
      </main>
      {siteConfig?.sideNav === true ? (
        <Suspense fallback={null}>
          <SideNav />
        </Suspense>
      ) : null}
      <WorldCupEntrance />
      {/* The mounts are in the first chunk; the ball's own file loads when the page is idle. */}
      <OrderBalls />
      <ToastHost />
      <RealityCheckMount />
      {chrome.footer ? <Footer /> : null}
    </div>
  );
}
