import { useEffect, useRef } from 'preact/hooks';
import { coinsFor, type Language } from '@lobby/sdk';
import type { CoinFlow, CoinFlowState } from './flow.js';
import { text } from './texts.js';

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

/** The confirm-pay warm-tips dialog, paid from the centre wallet (spec section 2). */
export function ConfirmDialog({ flow, state, lang, rate }: { flow: CoinFlow; state: CoinFlowState; lang: Language; rate: number }) {
  const open = state.step === 'confirming';
  const ref = useModal(open, () => flow.cancelConfirm());
  const yuan = state.confirmingYuan ?? 0;
  return (
    <dialog ref={ref} class="confirm" part="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <h3 id="confirm-title">{text(lang, 'warmTips')}</h3>
      <p id="confirm-text">{text(lang, 'confirmText', { yuan, coins: coinsFor(yuan, rate) })}</p>
      <div class="actions">
        <button type="button" class="secondary" disabled={state.loading} onClick={() => flow.cancelConfirm()}>
          {text(lang, 'cancel')}
        </button>
        <button type="button" class="primary" aria-busy={state.loading ? 'true' : 'false'} onClick={() => void flow.confirm({ failed: text(lang, 'failed'), success: text(lang, 'success') })}>
          {text(lang, 'confirm')}
        </button>
      </div>
    </dialog>
  );
}
