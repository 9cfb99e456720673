/** Where a poller learns whether the page is visible. */
export interface VisibilitySource {
  isHidden(): boolean;
  /** Calls the listener on every visibility change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

interface VisibilityDocument {
  visibilityState?: string;
  hidden?: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * The page's visibility from `document`, or null where there is no document (Node,
 * workers): there pollers never pause. Looked up when called, never at import.
 *
 * @example createPoller({ intervalMs: 1000, task, visibility: documentVisibility() })
 */
export function documentVisibility(): VisibilitySource | null {
  const doc = (globalThis as { document?: VisibilityDocument }).document;
  if (!doc || typeof doc.addEventListener !== 'function') return null;
  return {
    isHidden: () => doc.visibilityState === 'hidden' || doc.hidden === true,
    onChange(listener) {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}
