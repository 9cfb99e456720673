import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { LAZY_LOAD_DELAY_MS } from '@lobby/sdk';

const SportBlock = lazy(() => import('./sport-block.js').then((module) => ({ default: module.SportBlock })));

/**
 * Home's place for the sport block: a box of the block's height (440px, site.css
 * `.home-sport-slot`: a class, not an inline style, for the strict CSP), filled once it nears the
 * viewport (or the browser is idle), so the banner stays home's first paint and its
 * largest one (LCP) and the block's code and calls cost home's first load nothing.
 */
export function HomeSportSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || shown) return undefined;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      idle = setTimeout(() => setShown(true), LAZY_LOAD_DELAY_MS);
    };
    if (typeof IntersectionObserver !== 'function') {
      show();
      return () => clearTimeout(idle);
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(idle);
    };
  }, [shown]);
  return (
    <div ref={slot} className="home-sport-slot">
      {shown && (
        <Suspense fallback={null}>
          <SportBlock />
        </Suspense>
      )}
    </div>
  );
}
