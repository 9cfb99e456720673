import { useEffect, useRef } from 'preact/hooks';

/**
 * Opens a <dialog> as a modal (top layer, focus kept inside) while `open` is true; Esc
 * asks `onCancel` (the flow decides), and focus goes back where it was on close.
 *
 * @example const ref = useModal(open, () => flow.close()); <dialog ref={ref} />
 */
export function useModal(open: boolean, onCancel: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      cancel.current();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    return () => dialog.removeEventListener('cancel', onCancelEvent);
  }, []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return undefined;
    const previous = deepActiveElement();
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [open]);
  return ref;
}

function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

