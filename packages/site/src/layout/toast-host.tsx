import { useSyncExternalStore } from 'react';
import { toasts } from '../modules/toast.js';

/** Renders the toast queue (at most one toast, 400 px from the top: site.css). */
export function ToastHost() {
  const shown = useSyncExternalStore(toasts.subscribe, toasts.current, toasts.current);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {shown.map((toast) => (
        <p key={toast.id} className={`toast ${toast.kind}`}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
