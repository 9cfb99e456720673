import { useEffect, useState } from 'react';
import { ApiError, speedToCardConfig, type SpeedToCardConfig } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import { formatWire } from '../../modules/wallet-amount.js';
import { speedBlock } from './deposit-logic.js';
import type { DepositTextKey } from './texts.js';

type T = PageTextLookup<DepositTextKey>;

/**
 * The member's speed-to-card config, loaded while the fast-to-card (912) channel is
 * chosen, and again when `refreshKey` changes (an order made or ended: the count left).
 */
export function useSpeedToCardConfig(active: boolean, refreshKey: string): { config: SpeedToCardConfig | null; error: string } {
  const { client } = useLobby();
  const [load, setLoad] = useState<{ config: SpeedToCardConfig | null; error: string }>({ config: null, error: '' });
  useEffect(() => {
    if (!active) return undefined;
    let current = true;
    client.call(speedToCardConfig, {}).then(
      (config) => current && setLoad({ config, error: '' }),
      (failure: unknown) => current && setLoad({ config: null, error: failure instanceof ApiError ? failure.serverMessage || failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [client, active, refreshKey]);
  return load;
}

/**
 * The speed-to-card config of spec section 3 on the deposit form: the reward and its
 * daily limit, the time to pay and confirm, the deposits left today, the payer-name rule,
 * the whitelist, and why none can be made now (banks in maintenance, none left today).
 */
export function SpeedToCardFacts({ speed, t }: { speed: { config: SpeedToCardConfig | null; error: string }; t: T }) {
  if (speed.error) {
    return (
      <p className="notice error" role="alert">
        {t('speedConfigFailed', { message: speed.error })}
      </p>
    );
  }
  const { config } = speed;
  if (!config) return <p className="deposit-note">{t('speed')}</p>;
  const block = speedBlock(config);
  return (
    <div className="deposit-speed" data-speed-config="">
      <p className="deposit-note">{t('speed')}</p>
      <dl className="deposit-speed-facts">
        <div>
          <dt>{t('speedReward')}</dt>
          <dd>{t('speedRewardValue', { rate: config.payRewardRate, max: formatWire(config.payDiscountLimit, 2) })}</dd>
        </div>
        <div>
          <dt>{t('speedConfirmTime')}</dt>
          <dd>{t('speedMinutes', { minutes: config.payConfirmTime })}</dd>
        </div>
        <div>
          <dt>{t('speedLeft')}</dt>
          <dd data-speed-left={config.payCount}>{t('speedLeftValue', { count: config.payCount })}</dd>
        </div>
        {config.whitelist ? (
          <div>
            <dt>{t('speedWhitelist')}</dt>
            <dd>{t('speedWhitelisted')}</dd>
          </div>
        ) : null}
      </dl>
      {config.payNameType === 1 ? <p className="deposit-note">{t('speedRealName')}</p> : null}
      {block ? (
        <p className="notice" role="status" data-speed-block={block}>
          {t(block)}
        </p>
      ) : null}
    </div>
  );
}
