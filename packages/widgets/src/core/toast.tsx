import { useEffect, useRef } from 'preact/hooks';
import { TOAST_DURATION_MS } from '@lobby/sdk';

export interface ToastMessage {
  text: string;
  tone: 'success' | 'error';
  /** Changes for each message, so the same text twice shows twice. */
  id: number;
}

/**
 * One message at a time in the top layer (a manual popover, so it shows above an open
 * modal dialog), announced politely, hidden after TOAST_DURATION_MS.
 *
 * @example <Toast message={toast} onDone={() => setToast(null)} />
 */
export function Toast({ message, onDone }: { message: ToastMessage | null; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const element = ref.current;
    if (!message || !element) return undefined;
    if (!element.matches(':popover-open')) element.showPopover?.();
    const timer = setTimeout(() => done.current(), TOAST_DURATION_MS);
    return () => {
      clearTimeout(timer);
      if (element.matches(':popover-open')) element.hidePopover?.();
    };
  }, [message?.id]);
  return (
    <div ref={ref} class={`toast toast-${message?.tone ?? 'success'}`} popover="manual" role="status" aria-live="polite" part="toast">
      {message?.text ?? ''}
    </div>
  );
}

/** Styles of the toast (part of BASE_STYLES users' sheets). */
export const TOAST_STYLES = `
.toast{position:fixed;inset:auto;top:400px;left:50%;transform:translateX(-50%);margin:0;border:0;padding:10px 18px;border-radius:6px;background:rgba(0,0,0,.8);color:#fff;max-width:80vw}
.toast-error{background:#c0392b}
`;
