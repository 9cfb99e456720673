import { useStore } from '../core/store.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { COIN_QUICK_AMOUNTS, COIN_RATE_DEFAULT, canBuyCoins, coinsFor, formatMoney, showsBalanceBubble } from '@lobby/sdk';
import { useMemberToken } from '../core/hooks.js';
import { Toast } from '../core/toast.js';
import { pickQuickAmount, typeAmount, INITIAL_AMOUNT, type AmountState } from './amount.js';
import type { CoinPurchaseElement } from './coin-purchase-element.js';
import { useModal } from '../core/modal.js';
import { ConfirmDialog } from './confirm-dialog.js';
import type { CoinFlow } from './flow.js';
import { text } from './texts.js';
import { useCoinWallet } from './use-coin-wallet.js';

/** The modal: quick amounts, the yuan input, coins or rate, balance bubble, buy button. */
export function CoinPurchase({ host, flow }: { host: CoinPurchaseElement; flow: CoinFlow }) {
  const state = useStore(flow.$state);
  const toast = useStore(host.$toast);
  const token = useMemberToken(host);
  const lang = host.config.lang;
  const wallet = useCoinWallet(host, token);
  const [amount, setAmount] = useState<AmountState>(INITIAL_AMOUNT);
  const open = state.step !== 'closed';
  const dialog = useModal(open, () => flow.close());
  useEffect(() => {
    if (open) setAmount(INITIAL_AMOUNT);
  }, [open]);

  const rate = (host.getAttribute('coin-rate') && Number(host.getAttribute('coin-rate'))) || wallet?.coinRate || COIN_RATE_DEFAULT;
  const balanceMinor = wallet?.availableMinor ?? null;
  const buyable = canBuyCoins(amount.amountYuan, balanceMinor) && !state.loading;
  const bubble = showsBalanceBubble(amount.amountYuan, balanceMinor);
  const input = useRef<HTMLInputElement>(null);
  const onInput = (event: Event) => {
    const next = typeAmount((event.currentTarget as HTMLInputElement).value);
    setAmount(next);
    if (input.current) input.current.value = next.amountYuan === null ? '' : String(next.amountYuan);
  };

  return (
    <>
      {host.getAttribute('trigger') !== 'false' && (
        <button type="button" class="trigger" part="trigger" disabled={state.loading && !open} onClick={() => void host.show()}>
          <slot>{text(lang, 'open')}</slot>
        </button>
      )}
      <dialog ref={dialog} class="modal" part="dialog" aria-labelledby="coin-title" aria-busy={state.loading ? 'true' : 'false'}>
        <header>
          <h2 id="coin-title">{text(lang, 'title')}</h2>
          <button type="button" class="close" aria-label={text(lang, 'close')} onClick={() => flow.close()}>×</button>
        </header>
        <p class="balances">
          <span>{text(lang, 'coinBalance', { coins: wallet?.coins ?? '-' })}</span>
          <span>{text(lang, 'centerBalance', { yuan: balanceMinor === null ? '-' : formatMoney(balanceMinor, 2, lang) })}</span>
        </p>
        <div class="quick" role="group" aria-label={text(lang, 'quickAmounts')}>
          {COIN_QUICK_AMOUNTS.map((value) => (
            <button type="button" key={value} aria-pressed={amount.quickPick === value ? 'true' : 'false'} onClick={() => setAmount(pickQuickAmount(value))}>
              ¥{value}
            </button>
          ))}
        </div>
        <label class="amount">
          <span class="label">{text(lang, 'amount')}</span>
          <span class="field">
            <span class="yuan" aria-hidden="true">¥</span>
            <input ref={input} name="amount" inputMode="numeric" autocomplete="off" placeholder={text(lang, 'amountPlaceholder')} value={amount.amountYuan ?? ''} onInput={onInput} />
          </span>
        </label>
        {amount.message && <p class="limit" role="alert">{text(lang, 'amountUpTo')}</p>}
        <p class="coins" aria-live="polite">
          {amount.amountYuan === null ? text(lang, 'rate', { rate }) : text(lang, 'coins', { coins: coinsFor(amount.amountYuan, rate) })}
        </p>
        {bubble && <p class="bubble" id="coin-bubble">{text(lang, 'balanceBubble')}</p>}
        <button type="button" class="buy" disabled={!buyable} aria-describedby={bubble ? 'coin-bubble' : undefined} onClick={() => amount.amountYuan !== null && void flow.buyNow(amount.amountYuan, text(lang, 'failed'))}>
          {text(lang, 'buy')}
        </button>
        {state.loading && <p class="loading" role="status"><span class="spinner" aria-hidden="true" />{text(lang, 'loading')}</p>}
        <ConfirmDialog flow={flow} state={state} lang={lang} rate={rate} />
      </dialog>
      <Toast message={toast} onDone={() => host.$toast.set(null)} />
    </>
  );
}
