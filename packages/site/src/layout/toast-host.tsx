import { useSyncExternalStore } from 'react';
import { TOAST_TOP_OFFSET_PX } from '@lobby/sdk';
import { toasts } from '../modules/toast.js';

/** Renders the toast queue: at most TOAST_MAX_COUNT toasts, TOAST_TOP_OFFSET_PX from the top. */
export function ToastHost() {
  const shown = useSyncExternalStore(toasts.subscribe, toasts.current, toasts.current);
  return (
    <div className="toast-host" style={{ top: TOAST_TOP_OFFSET_PX }} role="status" aria-live="polite">
      {shown.map((toast) => (
        <p key={toast.id} className={`toast ${toast.kind}`}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
