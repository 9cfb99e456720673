import { coinsFor, type Language } from '@lobby/sdk';
import { useModal } from '../core/modal.js';
import type { CoinFlow, CoinFlowState } from './flow.js';
import { text } from './texts.js';

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
