import { useState, type FormEvent } from 'react';
import type { DepositOrder, UsdtDepositRoute } from '@lobby/sdk';
import { useWallet } from '../../../app/wallet/use-wallet.js';
import { usePageTexts, type PageTextLookup } from '../../../i18n/page-texts.js';
import { formatWire } from '../../../modules/wallet-amount.js';
import { USDT_DEPOSIT_STEPS } from '../deposit-logic.js';
import { UsdtHelpCards } from './help-cards.js';
import { usdtTexts, type UsdtTextKey } from './texts.js';
import { UsdtAddressBlock } from './usdt-address.js';
import { usdtRouteDecimals, usdtStepIndex } from './usdt-logic.js';
import { useUsdtDeposit, type UsdtDepositState } from './use-usdt-deposit.js';

type T = PageTextLookup<UsdtTextKey>;

/** The route's steps (spec section 4), the current one marked for assistive technology. */
function RouteSteps({ route, current, done, t }: { route: UsdtDepositRoute; current: number; done: boolean; t: T }) {
  return (
    <ol className="deposit-steps" aria-label={t('steps')} data-usdt-route={route}>
      {USDT_DEPOSIT_STEPS[route].map((step, index) => (
        <li key={step} className={index < current || (index === current && done) ? 'done' : index === current ? 'current' : ''} aria-current={index === current && !done ? 'step' : undefined}>
          {t(`step${step}`)}
        </li>
      ))}
    </ol>
  );
}

function UsdtBalance({ t }: { t: T }) {
  const { wallet } = useWallet();
  return (
    <p className="deposit-balance">
      {t('usdtBalance')}: <strong data-balance="usdt">{wallet ? formatWire(wallet.virtualCurrencyWalletBalance, 6) : '…'}</strong>
    </p>
  );
}

function MerchantChoice({ usdt, t }: { usdt: UsdtDepositState; t: T }) {
  return (
    <fieldset className="deposit-channels">
      <legend>{t('coldWallets')}</legend>
      {usdt.merchants?.list.map((m) => (
        <label key={m.merchantNo} className={m.merchantNo === usdt.merchantNo ? 'deposit-channel chosen' : 'deposit-channel'}>
          <input type="radio" name="usdt-merchant" value={m.merchantNo} checked={m.merchantNo === usdt.merchantNo} onChange={() => usdt.chooseMerchant(m.merchantNo)} />
          <span className="deposit-channel-name">{t('coldWallet', { merchantNo: m.merchantNo, min: formatWire(m.minAmount, 6) })}</span>
        </label>
      ))}
    </fieldset>
  );
}

function ProtocolChoice({ usdt, t }: { usdt: UsdtDepositState; t: T }) {
  const all = [...new Set(usdt.merchants?.list.map((m) => m.protocol) ?? [])];
  const offered = usdt.merchants?.list.filter((m) => m.merchantNo === usdt.merchantNo).map((m) => m.protocol) ?? [];
  return (
    <fieldset className="deposit-channels" disabled={!usdt.merchantNo}>
      <legend>{t('protocols')}</legend>
      {all.map((protocol) => (
        <label key={protocol} className={protocol === usdt.protocol ? 'deposit-channel chosen' : 'deposit-channel'}>
          <input type="radio" name="usdt-protocol" value={protocol} checked={protocol === usdt.protocol} disabled={!offered.includes(protocol)} onChange={() => usdt.chooseProtocol(protocol)} />
          <span className="deposit-channel-name">{protocol}</span>
          {usdt.merchantNo && !offered.includes(protocol) ? <span className="deposit-channel-range">{t('protocolNotOffered')}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

function AmountForm({ usdt, t }: { usdt: UsdtDepositState; t: T }) {
  const [amount, setAmount] = useState('');
  const { route, range, address } = usdt;
  const decimals = usdtRouteDecimals(route);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void usdt.pay(amount);
  };
  const rangeText = range
    ? route === 'usdt'
      ? t('rangeUsdt', { min: formatWire(range.min, 6), max: formatWire(range.max, 6) })
      : t('rangeRmb', { min: formatWire(range.min, 2), max: formatWire(range.max, 2), rate: address ? String(address.exchangeRate) : '' })
    : '';
  const problemText =
    usdt.problem === 'usdtAmountOutOfRange' && range ? t(usdt.problem, { min: formatWire(range.min, decimals), max: formatWire(range.max, decimals) }) : usdt.problem ? t(usdt.problem) : '';
  const ready = range !== null && usdt.protocol !== '';
  return (
    <form className="deposit-form" onSubmit={submit} noValidate aria-label={t('submit')}>
      <label className="deposit-field">
        {route === 'usdt' ? t('amountUsdt') : t('amountRmb')}
        <input
          inputMode="decimal"
          autoComplete="off"
          name="usdt-amount"
          value={amount}
          maxLength={20}
          disabled={!ready}
          aria-invalid={usdt.problem !== null}
          aria-describedby="usdt-range"
          onChange={(event) => {
            setAmount(event.target.value);
            usdt.clearProblem();
          }}
        />
      </label>
      <p id="usdt-range" className="deposit-hint">
        {rangeText}
      </p>
      {problemText ? (
        <p className="deposit-problem" role="alert">
          {problemText}
        </p>
      ) : null}
      {usdt.refusal ? (
        <p className="notice error" role="alert" data-code={usdt.refusal.code}>
          {usdt.refusal.message} ({usdt.refusal.code})
        </p>
      ) : null}
      <button type="submit" className="button" disabled={usdt.busy || !ready}>
        {usdt.busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}

/**
 * The USDT deposit of a 2120 channel before its order exists: the route ('rmb' in 3 steps,
 * 'usdt' in 4: cold wallet, protocol, amount, completed), the address as text and QR code
 * once known (route 'usdt'), and the amount rules checked before anything is sent. The
 * order it opens goes to `onOrder` and then follows the common order steps.
 */
export function UsdtDeposit({ onOrder }: { onOrder: (order: DepositOrder) => void }) {
  const t = usePageTexts(usdtTexts);
  const usdt = useUsdtDeposit(onOrder);
  const { current, done } = usdtStepIndex(usdt.route, { merchantNo: usdt.merchantNo, protocol: usdt.protocol, order: null });
  const noUsdt = usdt.merchants !== undefined && (!usdt.merchants.supportUsdt || usdt.merchants.list.length === 0);
  return (
    <section className="deposit-usdt" aria-labelledby="deposit-usdt-title">
      <h2 id="deposit-usdt-title">{t('title')}</h2>
      <UsdtBalance t={t} />
      {noUsdt ? <p className="notice">{t('noUsdt')}</p> : null}
      {usdt.loadError ? (
        <p className="notice error" role="alert">
          {t('loadFailed', { message: usdt.loadError })}
        </p>
      ) : null}
      <div role="group" aria-label={t('routes')} className="deposit-usdt-routes">
        {(['rmb', 'usdt'] as const).map((name) => (
          <button key={name} type="button" className="button secondary" aria-pressed={usdt.route === name} onClick={() => usdt.setRoute(name)}>
            {t(`route${name}`)}
          </button>
        ))}
      </div>
      <RouteSteps route={usdt.route} current={current} done={done} t={t} />
      {usdt.route === 'usdt' && !noUsdt ? (
        <>
          <MerchantChoice usdt={usdt} t={t} />
          <ProtocolChoice usdt={usdt} t={t} />
          {usdt.address && usdt.protocol ? <UsdtAddressBlock address={usdt.address.address} protocol={usdt.protocol} t={t} /> : null}
        </>
      ) : null}
      {!noUsdt ? <AmountForm key={usdt.route} usdt={usdt} t={t} /> : null}
      <UsdtHelpCards t={t} />
    </section>
  );
}

/**
 * A USDT order on the deposit page (beside the common order panel): the route's steps, the
 * USDT to send, what the wallet receives, the address as text and QR code, the USDT balance.
 */
export function UsdtOrder({ order }: { order: DepositOrder }) {
  const t = usePageTexts(usdtTexts);
  const usdt = order.usdt;
  if (!usdt) return null;
  const { current, done } = usdtStepIndex(usdt.route, { merchantNo: usdt.merchantNo, protocol: usdt.protocol, order });
  const credit = usdt.route === 'usdt' ? t('creditUsdt', { amount: formatWire(usdt.creditAmount, 6) }) : t('creditRmb', { amount: formatWire(usdt.creditAmount, 2) });
  return (
    <section className="deposit-usdt" aria-labelledby="deposit-usdt-order-title" data-bill-no={order.billNo}>
      <h2 id="deposit-usdt-order-title">{t('title')}</h2>
      <UsdtBalance t={t} />
      <RouteSteps route={usdt.route} current={current} done={done} t={t} />
      <p className="deposit-usdt-send">
        <strong data-usdt-send="">{t('send', { amount: formatWire(usdt.usdtAmount, 6) })}</strong> · {t('credit', { amount: credit })}
      </p>
      <UsdtAddressBlock address={usdt.address} protocol={usdt.protocol} t={t} />
      <UsdtHelpCards t={t} />
    </section>
  );
}
