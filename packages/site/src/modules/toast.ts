import { TOAST_DURATION_MS, TOAST_MAX_COUNT } from '@lobby/sdk';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error';
}

type Listener = (toasts: readonly Toast[]) => void;

/**
 * A toast queue that shows at most `TOAST_MAX_COUNT` toasts; a new one replaces the
 * oldest, and each disappears after `TOAST_DURATION_MS`.
 *
 * @example const toasts = createToasts(); toasts.show('Saved');
 */
export function createToasts(timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(toasts));
  return {
    show(text: string, kind: Toast['kind'] = 'info'): void {
      const toast = { id: nextId++, text, kind };
      toasts = [...toasts, toast].slice(-TOAST_MAX_COUNT);
      emit();
      timers.setTimeout(() => {
        toasts = toasts.filter((shown) => shown.id !== toast.id);
        emit();
      }, TOAST_DURATION_MS);
    },
    current: (): readonly Toast[] => toasts,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The site's one toast queue. */
export const toasts = createToasts();
