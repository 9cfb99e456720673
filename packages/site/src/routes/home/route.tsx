import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $siteConfig, anchorGameImages } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { useLobby } from '../../app/lobby-context.js';
import { Banners } from './banners.js';
import { CategoryCards } from './category-cards.js';
import { Marquee } from './marquee.js';
import { SponsorBlock } from './sponsor-block.js';

// The widget mounts come in their own chunk: the widgets load when idle anyway, and home,
// which is in the site's first chunk for its first paint, stays small without them.
const WidgetMount = lazy(() => import('./widget-mount.js').then((module) => ({ default: module.WidgetMount })));

/** Prefetches the anchor-game images (spec section 2), so that page opens with them. */
function usePrefetchedImages(urls: readonly string[] | undefined): void {
  useEffect(() => {
    urls?.forEach((url) => {
      new Image().src = url;
    });
  }, [urls]);
}

/**
 * /app/home: banner carousel, notice marquee, sponsor block, category cards, the download
 * block and chat box (lobby widgets) and the float window. The order balls follow the
 * member on every page, so the root layout mounts them (layout/order-balls.tsx).
 */
export function HomePage() {
  const siteConfig = useStore($siteConfig);
  const { config } = useLobby();
  usePrefetchedImages(useApi(anchorGameImages, {}).data);
  return (
    <section className="home">
      <h1 className="visually-hidden">{siteConfig?.title ?? config.brand}</h1>
      <Banners />
      <Marquee />
      <CategoryCards />
      <SponsorBlock />
      <Suspense fallback={null}>
        <div className="home-widgets">
          <WidgetMount folder="app-download" />
          <WidgetMount folder="chat-box" />
        </div>
        <WidgetMount folder="float-window" />
      </Suspense>
    </section>
  );
}
