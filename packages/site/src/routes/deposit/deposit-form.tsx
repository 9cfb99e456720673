import { useMemo, useState, type FormEvent } from 'react';
import { PAY_TYPE, toMinor, fromMinor, type PayChannel, type SpeedToCardConfig } from '@lobby/sdk';
import { formatWire } from '../../modules/wallet-amount.js';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import { depositAmountProblem, hintExamples, quickAmountsOf, speedBlock, type AmountProblem } from './deposit-logic.js';
import { SpeedToCardFacts } from './speed-to-card.js';
import type { DepositTextKey } from './texts.js';

type T = PageTextLookup<DepositTextKey>;

/** The pay channels as radio buttons (also above the USDT deposit of a 2120 channel). */
export function ChannelChoice({ channels, chosen, onChoose, t }: { channels: readonly PayChannel[]; chosen: PayChannel; onChoose: (id: string) => void; t: T }) {
  return (
    <fieldset className="deposit-channels">
      <legend>{t('channels')}</legend>
      {channels.map((channel) => (
        <label key={channel.pay_type_id} className={channel.pay_type_id === chosen.pay_type_id ? 'deposit-channel chosen' : 'deposit-channel'}>
          <input type="radio" name="pay-channel" value={channel.pay_type_id} checked={channel.pay_type_id === chosen.pay_type_id} onChange={() => onChoose(channel.pay_type_id)} />
          <span className="deposit-channel-name">{channel.userName}</span>
          {channel.recommend ? <span className="deposit-badge">{t('recommended')}</span> : null}
          <span className="deposit-channel-range">{t('range', { min: formatWire(channel.deposit_min_amount, 2), max: formatWire(channel.deposit_max_amount, 2) })}</span>
          {channel.depositRate > 0 ? <span className="deposit-channel-rate">{t('rate', { rate: channel.depositRate, max: formatWire(channel.maxDailyDiscount, 2) })}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The deposit form of one channel: quick amounts (spec section 5), the amount with the
 * odd-tail hint, the depositor's name for a bank transfer, and the amount rules checked
 * before anything is sent.
 */
export function DepositForm({
  channels,
  chosen,
  onChoose,
  busy,
  speed,
  onPay,
  t,
}: {
  channels: readonly PayChannel[];
  chosen: PayChannel;
  onChoose: (id: string) => void;
  busy: boolean;
  /** The speed-to-card config while the fast-to-card (912) channel is chosen. */
  speed: { config: SpeedToCardConfig | null; error: string };
  onPay: (body: { payTypeId: string; amount: number; depositorName?: string }) => void;
  t: T;
}) {
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<AmountProblem | 'depositorNameEmpty' | null>(null);
  const quick = useMemo(() => quickAmountsOf(chosen), [chosen]);
  const [hintA, hintB] = useMemo(() => hintExamples(chosen), [chosen]);
  const needsName = chosen.transfer;
  const isSpeed = chosen.pay_type_id === PAY_TYPE.speed;
  const speedBlocked = isSpeed && speed.config !== null && speedBlock(speed.config) !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (speedBlocked) return;
    const found = depositAmountProblem(amount, chosen) ?? (needsName && name.trim() === '' ? 'depositorNameEmpty' : null);
    setProblem(found);
    if (found) return;
    const value = fromMinor(toMinor(amount.trim(), 2), 2);
    onPay({ payTypeId: chosen.pay_type_id, amount: value, ...(needsName ? { depositorName: name.trim() } : {}) });
  };
  const problemText = problem === 'amountOutOfRange' ? t(problem, { min: formatWire(chosen.deposit_min_amount, 2), max: formatWire(chosen.deposit_max_amount, 2) }) : problem ? t(problem) : '';

  return (
    <form className="deposit-form" onSubmit={submit} noValidate aria-label={t('submit')}>
      <ChannelChoice channels={channels} chosen={chosen} onChoose={onChoose} t={t} />
      {chosen.pay_type_id === PAY_TYPE.bigRecharge ? <p className="deposit-note">{t('bigRecharge', { min: formatWire(chosen.deposit_min_amount, 2) })}</p> : null}
      {isSpeed ? <SpeedToCardFacts speed={speed} t={t} /> : null}
      <div className="deposit-quick" role="group" aria-label={t('quickAmounts')}>
        {quick.map((value) => (
          <button
            key={value}
            type="button"
            className={amount === String(value) ? 'deposit-quick-amount chosen' : 'deposit-quick-amount'}
            aria-pressed={amount === String(value)}
            onClick={() => {
              setAmount(String(value));
              setProblem(null);
            }}
          >
            {value}
          </button>
        ))}
      </div>
      <label className="deposit-field">
        {t('amount')}
        <input
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          maxLength={16}
          placeholder={hintA !== undefined && hintB !== undefined ? t('hint', { a: hintA, b: hintB }) : ''}
          aria-invalid={problem !== null && problem !== 'depositorNameEmpty'}
          aria-describedby="deposit-hint"
          onChange={(event) => {
            setAmount(event.target.value);
            setProblem(null);
          }}
        />
      </label>
      <p id="deposit-hint" className="deposit-hint">
        {hintA !== undefined && hintB !== undefined ? t('hint', { a: hintA, b: hintB }) : null}
      </p>
      {needsName ? (
        <label className="deposit-field">
          {t('depositorName')}
          <input value={name} maxLength={40} autoComplete="name" aria-invalid={problem === 'depositorNameEmpty'} onChange={(event) => setName(event.target.value)} />
        </label>
      ) : null}
      {problemText ? (
        <p className="deposit-problem" role="alert">
          {problemText}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy || speedBlocked}>
        {busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
