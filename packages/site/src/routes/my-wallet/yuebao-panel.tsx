import { useEffect, useState } from 'react';
import { fromMinor, toMinor, yuebaoConfig, yuebaoRevenue, yuebaoToCentre, yuebaoToYeb, type CallResponse, type WalletBalance } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { AmountForm } from '../../app/wallet/amount-form.js';
import { failureMessage, useWalletVersion } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { createMoneyAction } from '../../modules/money-action.js';
import { formatWire } from '../../modules/wallet-amount.js';
import type { WalletActions, WalletOutcome } from '../../modules/wallet-refresh.js';
import { myWalletTexts } from './texts.js';

type Panel = { config: CallResponse<typeof yuebaoConfig>; revenue: CallResponse<typeof yuebaoRevenue> };

/** Balance interest (yuebao): status, yesterday's earnings, cumulative income, annual rate, to-yeb and to-centre. */
export function YuebaoPanel({ wallet, actions, onOutcome }: { wallet: WalletBalance; actions: WalletActions; onOutcome: (outcome: WalletOutcome) => void }) {
  const { client } = useLobby();
  const t = usePageTexts(myWalletTexts);
  const version = useWalletVersion();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [moves] = useState(() => ({ toYeb: createMoneyAction(), toCentre: createMoneyAction() }));

  useEffect(() => {
    Promise.all([client.call(yuebaoConfig, {}), client.call(yuebaoRevenue, {})]).then(
      ([config, revenue]) => setPanel({ config, revenue }),
      (failure: unknown) => onOutcome({ ok: false, message: failureMessage(failure) }),
    );
  }, [client, onOutcome, version]);

  async function move(direction: 'toYeb' | 'toCentre', minor: number): Promise<boolean> {
    try {
      const money = fromMinor(minor, 2);
      const answer = await moves[direction].run({ minor }, (key) => client.call(direction === 'toYeb' ? yuebaoToYeb : yuebaoToCentre, { money }, { idempotencyKey: key }));
      onOutcome({ ok: true, message: t('moved', { amount: formatWire(answer.money, 2) }) });
      await actions.afterMove();
      return true;
    } catch (failure) {
      onOutcome({ ok: false, message: failureMessage(failure) });
      return false;
    }
  }

  if (!panel) return null;
  const open = panel.config.status === 1;
  return (
    <section className="my-wallet-panel" aria-labelledby="yuebao-title">
      <h2 id="yuebao-title">{t('yuebao')}</h2>
      <dl className="wallet-list">
        <div>
          <dt>{t('yuebaoStatus')}</dt>
          <dd>{open ? t('yuebaoOpen') : t('yuebaoClosed')}</dd>
        </div>
        <div>
          <dt>{t('yesterdayEarnings')}</dt>
          <dd data-yuebao="yesterdayEarnings">{formatWire(panel.revenue.yesterdayEarnings, 2)}</dd>
        </div>
        <div>
          <dt>{t('cumulativeIncome')}</dt>
          <dd data-yuebao="cumulativeIncome">{formatWire(panel.revenue.cumulativeIncome, 2)}</dd>
        </div>
        <div>
          <dt>{t('annualRate')}</dt>
          <dd data-yuebao="annualInterestRate">{formatWire(panel.revenue.annualInterestRate, 6).replace(/0{1,4}$/, '')}%</dd>
        </div>
        <div>
          <dt>{t('availableAmount')}</dt>
          <dd data-yuebao="availableAmount">{formatWire(panel.revenue.availableAmount, 2)}</dd>
        </div>
      </dl>
      <AmountForm label={t('toYeb')} submitLabel={t('move')} decimals={2} disabled={!open} maxMinor={toMinor(wallet.centerWalletBalance, 2)} onSubmit={(minor) => move('toYeb', minor)} />
      <AmountForm label={t('toCentre')} submitLabel={t('move')} decimals={2} disabled={!open} maxMinor={toMinor(panel.revenue.availableAmount, 2)} onSubmit={(minor) => move('toCentre', minor)} />
    </section>
  );
}
