import widgetFolders from 'virtual:lobby-widget-folders';
import { LAZY_LOAD_DELAY_MS } from '@lobby/sdk';

/** The lobby widgets home mounts, by element name; each is defined by /widgets/lobby-<folder>.js. */
export const HOME_WIDGETS = ['float-window', 'order-ball', 'app-download', 'chat-box'] as const;
export type HomeWidget = (typeof HOME_WIDGETS)[number];

/**
 * True when the build found packages/widgets/src/<folder>/entry.ts, so the server has
 * /widgets/lobby-<folder>.js to define the element. Until then the element stays an
 * empty, clearly marked mount point.
 *
 * @example isWidgetBuilt('chat-box')
 */
export function isWidgetBuilt(folder: HomeWidget): boolean {
  return widgetFolders.includes(folder);
}

/**
 * Loads a widget when the browser is idle, after home is interactive, so the widgets'
 * own JavaScript does not delay the first page. Returns a cancel function.
 *
 * @example useEffect(() => loadWidgetWhenIdle('chat-box'), [])
 */
export function loadWidgetWhenIdle(folder: HomeWidget): () => void {
  if (!isWidgetBuilt(folder)) return () => undefined;
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => loadWidget(folder), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => loadWidget(folder), LAZY_LOAD_DELAY_MS);
  return () => clearTimeout(timer);
}

/** How far below (or above) the viewport a mount starts loading its widget. */
export const WIDGET_NEAR_VIEWPORT_MARGIN = '200px 0px';

/**
 * Loads a widget once its mount point comes within WIDGET_NEAR_VIEWPORT_MARGIN of the
 * viewport (then when the browser is idle), so a widget further down the page costs no
 * main-thread work until the member scrolls towards it. Without IntersectionObserver it
 * loads when idle. Returns a cancel function.
 *
 * @example useEffect(() => loadWidgetWhenVisible('chat-box', element.current!), [])
 */
export function loadWidgetWhenVisible(folder: HomeWidget, mount: Element): () => void {
  if (!isWidgetBuilt(folder)) return () => undefined;
  if (typeof IntersectionObserver !== 'function') return loadWidgetWhenIdle(folder);
  let cancelIdle: (() => void) | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      cancelIdle = loadWidgetWhenIdle(folder);
    },
    { rootMargin: WIDGET_NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(mount);
  return () => {
    observer.disconnect();
    cancelIdle?.();
  };
}

/**
 * Loads a widget's standalone file once (the same file a partner page includes), unless
 * the element is defined already. Safe to call again: the script is added once.
 *
 * @example loadWidget('order-ball')
 */
export function loadWidget(folder: HomeWidget): void {
  if (!isWidgetBuilt(folder) || customElements.get(`lobby-${folder}`)) return;
  const src = `/widgets/lobby-${folder}.js`;
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}
