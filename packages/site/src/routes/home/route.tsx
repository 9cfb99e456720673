import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $siteConfig, CONTROL_SWITCH, anchorGameImages, categoryCards, domainNotices, sponsorList } from '@lobby/sdk';
import { useApi, type ApiLoad } from '../../app/use-api.js';
import { useLobby } from '../../app/lobby-context.js';
import { Banners } from './banners.js';
import { CategoryCards } from './category-cards.js';
import { Marquee } from './marquee.js';
import { SponsorBlock } from './sponsor-block.js';
import { HomeSportSlot } from './sport-slot.js';
// The mounts are in home's chunk (with the order balls', about 1.3 KB gzip): as lazy chunks
// they were a chain of three more requests (widget-mount, order-balls, widgets) inside
// home's first render. The widgets' own files still load later (src/app/widgets.ts): the
// download block and chat box when their mount nears the viewport, the float window when
// the browser is idle.
import { WidgetMount } from './widget-mount.js';
import { PlayLimitsLink } from '../responsible/limits/play-limits-link.js';
import { useSwitchOpen } from '../../modules/control-switches/use-control-switches.js';

/** Prefetches the anchor-game images (spec section 2), so that page opens with them. */
function usePrefetchedImages(urls: readonly string[] | undefined): void {
  useEffect(() => {
    urls?.forEach((url) => {
      new Image().src = url;
    });
  }, [urls]);
}

/** True once a call has answered, with data or an error. */
const answered = (load: ApiLoad<unknown>) => load.data !== undefined || load.error !== '';

/**
 * /app/home: banner carousel, notice marquee, sponsor block, category cards, the download
 * block and chat box (lobby widgets) and the float window. The order balls follow the
 * member on every page, so the root layout mounts them (layout/order-balls.tsx).
 */
export function HomePage() {
  const siteConfig = useStore($siteConfig);
  const { config } = useLobby();
  usePrefetchedImages(useApi(anchorGameImages, {}).data);
  const notices = useApi(domainNotices, {});
  const cards = useApi(categoryCards, {});
  const sponsors = useApi(sponsorList, {});
  // The widget row's place on the page is known once the sections above it have their
  // answers (the banners come with the page); only then is "near the viewport" true.
  const placed = answered(notices) && answered(cards) && answered(sponsors);
  const chatOpen = useSwitchOpen(CONTROL_SWITCH.chatRoom); // general control switch 2
  return (
    <section className="home">
      <h1 className="visually-hidden">{siteConfig?.title ?? config.brand}</h1>
      <Banners />
      <Marquee load={notices} />
      <CategoryCards load={cards} />
      <HomeSportSlot />
      <SponsorBlock load={sponsors} />
      <PlayLimitsLink />
      <div className="home-widgets">
        <WidgetMount folder="app-download" when={placed ? 'visible' : 'later'} />
        {chatOpen ? <WidgetMount folder="chat-box" when={placed ? 'visible' : 'later'} /> : null}
      </div>
      <WidgetMount folder="float-window" when="idle" />
    </section>
  );
}
