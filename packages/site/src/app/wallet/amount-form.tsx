import { useId, useState, type ReactNode } from 'react';
import type { Decimals } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { formatMinor, parseAmount } from '../../modules/wallet-amount.js';
import { walletTexts } from './wallet-texts.js';

/**
 * An amount field and its button: the amount is checked exactly (not empty, a number, at
 * most `decimals` decimals, above zero, at most `maxMinor`) and each problem shown under
 * the field; a valid amount goes to `onSubmit` in minor units, once at a time.
 *
 * @example <AmountForm label="To yuebao" submitLabel="Move" decimals={2} maxMinor={centreMinor} onSubmit={move} />
 */
export function AmountForm(props: {
  label: string;
  submitLabel: string;
  decimals: Decimals;
  maxMinor: number;
  disabled?: boolean;
  hint?: (amountText: string) => ReactNode;
  onSubmit: (minor: number) => Promise<boolean>;
}) {
  const t = usePageTexts(walletTexts);
  const id = useId();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    const checked = parseAmount(amount, { decimals: props.decimals, maxMinor: props.maxMinor });
    if (!checked.ok) {
      setProblem(t(checked.problem, { decimals: props.decimals, balance: formatMinor(props.maxMinor, props.decimals) }));
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      if (await props.onSubmit(checked.minor)) setAmount('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="amount-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id}>{props.label}</label>
      <input id={id} inputMode="decimal" value={amount} aria-invalid={problem !== ''} aria-describedby={`${id}-problem`} onChange={(event) => setAmount(event.target.value)} />
      <button className="button" type="submit" disabled={busy || props.disabled}>
        {props.submitLabel}
      </button>
      {props.hint ? <span className="hint">{props.hint(amount)}</span> : null}
      <span id={`${id}-problem`} className="error" role="alert">
        {problem}
      </span>
    </form>
  );
}
