import { ANDROID_FALLBACK_MS, WAKE_UP_DELAY_MS } from './constants.js';

/** How to wake the app; the delays default to spec section 9 and a page may change them. */
export interface WakeUpOptions {
  /** The app's scheme link, e.g. `lobbyapp://open?i_code=A1`. */
  scheme: string;
  /** Where to go when the app did not open (the download); none: only the scheme. */
  fallbackUrl?: string;
  /** Wait before opening the scheme link (300 ms). */
  wakeUpDelayMs?: number;
  /** After the scheme link, wait this long on Android before the fallback (50 ms). */
  androidFallbackMs?: number;
  isAndroid: boolean;
  /** Goes to a URL; `location.assign` in a page. */
  navigate: (url: string) => void;
  /** Where `visibilitychange` and `pagehide` arrive (the window), and the document for its state. */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isHidden: () => boolean;
}

/** A running wake-up; `cancel` stops what has not happened yet. */
export interface WakeUp {
  cancel(): void;
}

/**
 * Opens the app through its scheme link `wakeUpDelayMs` after the call, then on Android
 * goes to the fallback `androidFallbackMs` later, and elsewhere `wakeUpDelayMs` later.
 * When the page is hidden (`visibilitychange`) or left (`pagehide`), the app has opened:
 * everything pending is cancelled.
 *
 * @example wakeUp({ scheme: 'lobbyapp://open', fallbackUrl, isAndroid: true, navigate: (u) => location.assign(u), events: window, isHidden: () => document.hidden })
 */
export function wakeUp(options: WakeUpOptions): WakeUp {
  const openDelayMs = options.wakeUpDelayMs ?? WAKE_UP_DELAY_MS;
  const fallbackDelayMs = options.isAndroid ? (options.androidFallbackMs ?? ANDROID_FALLBACK_MS) : openDelayMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onHidden = (event: Event) => {
    if (event.type === 'pagehide' || options.isHidden()) cancel();
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    options.events.removeEventListener('visibilitychange', onHidden);
    options.events.removeEventListener('pagehide', onHidden);
  };
  options.events.addEventListener('visibilitychange', onHidden);
  options.events.addEventListener('pagehide', onHidden);
  timer = setTimeout(() => {
    options.navigate(options.scheme);
    const fallbackUrl = options.fallbackUrl;
    if (!fallbackUrl) return cancel();
    timer = setTimeout(() => {
      cancel();
      options.navigate(fallbackUrl);
    }, fallbackDelayMs);
  }, openDelayMs);
  return { cancel };
}
