import { useEffect, useState } from 'react';
import { changeMoneyConfig, fromMinor, rateUnits, rmbToUsdt, toMinor, usdtToRmb, type CallResponse, type WalletBalance } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { AmountForm } from '../../app/wallet/amount-form.js';
import { failureMessage, useWalletVersion } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { createMoneyAction } from '../../modules/money-action.js';
import { convertedMinor, formatMinor, formatWire, parseAmount } from '../../modules/wallet-amount.js';
import type { WalletActions, WalletOutcome } from '../../modules/wallet-refresh.js';
import { myWalletTexts } from './texts.js';

type Config = CallResponse<typeof changeMoneyConfig>;

/** USDT to RMB at the buy rate and RMB to USDT at the sell rate (changeMoneyConfig), with the expected result. */
export function Conversion({ wallet, actions, onOutcome }: { wallet: WalletBalance; actions: WalletActions; onOutcome: (outcome: WalletOutcome) => void }) {
  const { client } = useLobby();
  const t = usePageTexts(myWalletTexts);
  const version = useWalletVersion();
  const [config, setConfig] = useState<Config | null>(null);
  const [moves] = useState(() => ({ usdtToRmb: createMoneyAction(), rmbToUsdt: createMoneyAction() }));

  useEffect(() => {
    client.call(changeMoneyConfig, {}).then(setConfig, (failure: unknown) => onOutcome({ ok: false, message: failureMessage(failure) }));
  }, [client, onOutcome, version]);

  async function convert(direction: 'usdtToRmb' | 'rmbToUsdt', minor: number): Promise<boolean> {
    try {
      const answer = await moves[direction].run({ minor }, (key) =>
        direction === 'usdtToRmb'
          ? client.call(usdtToRmb, { usdtAmount: fromMinor(minor, 6) }, { idempotencyKey: key })
          : client.call(rmbToUsdt, { rmbAmount: fromMinor(minor, 2) }, { idempotencyKey: key }),
      );
      onOutcome({ ok: true, message: t('converted', { rmb: formatWire(answer.rmbAmount, 2), usdt: formatWire(answer.usdtAmount, 6) }) });
      await actions.afterMove();
      return true;
    } catch (failure) {
      onOutcome({ ok: false, message: failureMessage(failure) });
      return false;
    }
  }

  if (!config) return null;
  const buyE5 = rateUnits(config.buyRate);
  const sellE5 = rateUnits(config.sellRate);
  const preview = (direction: 'usdtToRmb' | 'rmbToUsdt') => (text: string) => {
    const checked = parseAmount(text, { decimals: direction === 'usdtToRmb' ? 6 : 2 });
    if (!checked.ok) return '';
    return direction === 'usdtToRmb'
      ? t('expectRmb', { amount: formatMinor(convertedMinor(direction, checked.minor, buyE5), 2) })
      : t('expectUsdt', { amount: formatMinor(convertedMinor(direction, checked.minor, sellE5), 6) });
  };
  const noneLeft = config.remainCount === 0;
  return (
    <section className="my-wallet-panel" aria-labelledby="conversion-title">
      <h2 id="conversion-title">{t('conversion')}</h2>
      <ul className="my-wallet-facts">
        <li>{t('buyRate', { rate: formatWire(config.buyRate, 5) })}</li>
        <li>{t('sellRate', { rate: formatWire(config.sellRate, 5) })}</li>
        <li>{noneLeft ? t('noConversionsLeft') : t('remainCount', { count: config.remainCount })}</li>
      </ul>
      <AmountForm
        label={t('usdtToRmb')}
        submitLabel={t('convert')}
        decimals={6}
        maxMinor={toMinor(wallet.virtualCurrencyWalletBalance, 6)}
        disabled={noneLeft}
        hint={preview('usdtToRmb')}
        onSubmit={(minor) => convert('usdtToRmb', minor)}
      />
      <AmountForm
        label={t('rmbToUsdt')}
        submitLabel={t('convert')}
        decimals={2}
        maxMinor={toMinor(wallet.centerWalletBalance, 2)}
        disabled={noneLeft}
        hint={preview('rmbToUsdt')}
        onSubmit={(minor) => convert('rmbToUsdt', minor)}
      />
    </section>
  );
}
