import { useEffect, useRef, useState } from 'preact/hooks';
import { FLOAT_WINDOW_DISPLAY_EQUIPMENT_WEB, floatWindows, type CallResponse } from '@lobby/sdk';
import { useDraggable } from '../core/drag.js';
import { useMediaQuery } from '../core/hooks.js';
import { Picture } from '../core/picture.js';
import { sessionFlag } from '../core/storage.js';
import { carouselIntervalMs, nextSlide, startCarousel, type Carousel } from './carousel.js';
import type { FloatWindowElement } from './float-window-element.js';
import { promoTarget, type FloatWindowItem } from './target.js';
import { text } from './texts.js';

/** Spec section 2: the close state is kept for the session. */
export const FLOAT_WINDOW_CLOSED_KEY = 'lobby.floatWindow.closed';
const BOX = { width: 180, height: 200 };

type List = CallResponse<typeof floatWindows>;

function useFloatWindowList(host: FloatWindowElement, skip: boolean): List | null {
  const [list, setList] = useState<List | null>(null);
  useEffect(() => {
    if (skip) return undefined;
    const controller = new AbortController();
    host
      .client()
      .call(floatWindows, { displayEquipment: FLOAT_WINDOW_DISPLAY_EQUIPMENT_WEB }, { signal: controller.signal })
      .then(setList, () => setList(null));
    return () => controller.abort();
  }, [host, skip]);
  return list;
}

function openPromo(host: FloatWindowElement, item: FloatWindowItem): void {
  const target = promoTarget(item);
  if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
  else if (target.kind === 'route' && host.emit('lobby-navigate', { route: target.route, item })) location.assign(target.route);
}

/** The carousel of promo images with its close button. */
export function FloatWindow({ host }: { host: FloatWindowElement }) {
  const closedFlag = sessionFlag(FLOAT_WINDOW_CLOSED_KEY);
  const [closed, setClosed] = useState(closedFlag.get());
  const list = useFloatWindowList(host, closed);
  const [index, setIndex] = useState(0);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const carousel = useRef<Carousel | null>(null);
  const items = list?.list ?? [];
  const lang = host.config.lang;
  const current = items[Math.min(index, items.length - 1)];
  const drag = useDraggable({
    initial: { x: Math.max(0, (globalThis.innerWidth ?? 1024) - BOX.width - 24), y: Math.round((globalThis.innerHeight ?? 768) * 0.3) },
    box: BOX,
    snap: false,
    keyboardActivate: false,
    onActivate: () => current && openPromo(host, current),
  });

  useEffect(() => {
    // Reduced motion: no automatic rotation; the dots still show where the list is.
    if (items.length < 2 || reducedMotion || closed) return undefined;
    const running = startCarousel({ count: items.length, intervalMs: carouselIntervalMs(list?.time), onAdvance: () => setIndex((at) => nextSlide(at, items.length)) });
    carousel.current = running;
    return () => {
      running.stop();
      carousel.current = null;
    };
  }, [items.length, list?.time, reducedMotion, closed]);

  if (closed || !current) return null;
  const close = () => {
    closedFlag.set();
    setClosed(true);
    host.emit('lobby-close');
  };
  const pause = (reason: string) => () => carousel.current?.pause(reason);
  const resume = (reason: string) => () => carousel.current?.resume(reason);
  const at = items.indexOf(current);
  return (
    <div
      class="window"
      part="window"
      role="region"
      aria-roledescription="carousel"
      aria-label={text(lang, 'region')}
      style={drag.style}
      {...drag.handlers}
      onPointerEnter={pause('hover')}
      onPointerLeave={resume('hover')}
      onFocusIn={pause('focus')}
      onFocusOut={resume('focus')}
    >
      <button
        type="button"
        class="slide"
        aria-roledescription="slide"
        aria-label={`${text(lang, 'promo', { n: at + 1 })} (${text(lang, 'slide', { n: at + 1, count: items.length })})`}
        // Pointer clicks are told from drags by useDraggable; only keyboard clicks (detail 0) open here.
        onClick={(event) => event.detail === 0 && openPromo(host, current)}
      >
        <Picture src={current.webSuspensionIcon} alt="" label={text(lang, 'promoName', { n: at + 1 })} />
      </button>
      {list?.closeable !== false && (
        <button type="button" class="close" data-no-drag aria-label={text(lang, 'close')} onClick={close}>
          ×
        </button>
      )}
      {items.length > 1 && (
        <div class="dots" aria-hidden="true">
          {items.map((item, i) => (
            <span key={item.id} class={i === at ? 'on' : ''} />
          ))}
        </div>
      )}
    </div>
  );
}
