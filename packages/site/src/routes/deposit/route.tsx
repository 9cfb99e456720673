import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, CODE, CONTROL_SWITCH, DEPOSIT_STATE, PAY_TYPE, depositVerifyMobileConfig, payChannels, speedCancelCount, type PayChannel } from '@lobby/sdk';
import { BIND_PHONE_PATH } from '../../app/auth/session-flags.js';
import { useLobby } from '../../app/lobby-context.js';
import { useApi } from '../../app/use-api.js';
import { toasts } from '../../modules/toast.js';
import { useWallet } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { useLeavePayPrompt } from '../../layout/use-leave-pay-prompt.js';
import { formatWire } from '../../modules/wallet-amount.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { ChannelChoice, DepositForm } from './deposit-form.js';
import { mustBindPhoneFirst, sortChannels, tutorialOf } from './deposit-logic.js';
import { OrderPanel } from './order-panel.js';
import { RefusalNotice } from './refusal-notice.js';
import { SpeedOrderPanel } from './speed/speed-order-panel.js';
import { useSpeedToCardConfig } from './speed-to-card.js';
import { depositTexts } from './texts.js';
import { Tutorials } from './tutorials.js';
import { useDepositOrder } from './use-deposit-order.js';
import { UsdtDeposit, UsdtOrder } from './usdt/usdt-deposit.js';
import { DepositLimitPrompt, PlayLimitsLink } from '../responsible/limits/deposit-limit-prompt.js';
import { useSwitchOpen } from '../../modules/control-switches/use-control-switches.js';

type Channels = { list: PayChannel[]; error: string };

function useChannels(): Channels | null {
  const { client } = useLobby();
  const [channels, setChannels] = useState<Channels | null>(null);
  useEffect(() => {
    let current = true;
    client.call(payChannels, {}).then(
      ({ list }) => current && setChannels({ list: sortChannels(list), error: '' }),
      // Spec section 8: an open failure shows the server's message.
      (failure: unknown) => current && setChannels({ list: [], error: failure instanceof ApiError ? failure.serverMessage || failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [client]);
  return channels;
}

/** The deposit page's content for a member with a session. */
function DepositView() {
  const t = usePageTexts(depositTexts);
  const { client } = useLobby();
  const { wallet, actions } = useWallet();
  const channels = useChannels();
  const deposit = useDepositOrder(() => void actions.loadWallet().catch(() => undefined));
  // Spec section 2: leaving while an order waits for payment asks first (when the brand's config says so).
  useLeavePayPrompt(deposit.order?.orderState === DEPOSIT_STATE.pendingPayment);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [cancelCount, setCancelCount] = useState<{ count: number; limit: number } | null>(null);
  const virtualOpen = useSwitchOpen(CONTROL_SWITCH.virtualCurrency); // general control switch 6 off hides USDT
  const list = (channels?.list ?? []).filter((channel) => virtualOpen || channel.pay_type_id !== PAY_TYPE.usdt);
  const chosen = list.find((channel) => channel.pay_type_id === chosenId) ?? list.find((channel) => channel.recommend) ?? list[0];
  // Mobile binding verification before deposit (when the brand's config says so): a member
  // without a bound phone is sent to bind one first; the form waits for the answer.
  const verify = useApi(depositVerifyMobileConfig, {});
  const verifyKnown = verify.data !== undefined || verify.error !== '';
  const bindFirst = mustBindPhoneFirst(verify.data) && deposit.loaded && !deposit.order;
  const speed = useSpeedToCardConfig(chosen?.pay_type_id === PAY_TYPE.speed, `${deposit.order?.billNo ?? ''}:${deposit.order?.orderState ?? ''}`);
  const navigate = useNavigate();
  useEffect(() => {
    if (!bindFirst) return;
    toasts.show(t('bindPhoneFirst'), 'info');
    navigate(BIND_PHONE_PATH, { replace: true });
  }, [bindFirst, navigate, t]);

  useEffect(() => {
    if (deposit.refusal?.code !== CODE.tooMany) return;
    client.call(speedCancelCount, {}).then(setCancelCount, () => setCancelCount(null));
  }, [client, deposit.refusal]);

  return (
    <div className="deposit-page">
      {/* Responsible play (issue 22): the limits page, and the deposit-limit question until answered. */}
      <PlayLimitsLink />
      <DepositLimitPrompt hidden={!deposit.loaded || deposit.order !== null} />
      <p className="deposit-balance">
        {t('balance')}: <strong data-balance="centre">{wallet ? formatWire(wallet.centerWalletBalance, 2) : '…'}</strong>
      </p>
      {channels?.error ? (
        <p className="notice error" role="alert">
          {t('openFailed', { message: channels.error })}
        </p>
      ) : null}
      {deposit.notFound ? (
        <p className="notice" role="status">
          {t('orderNotFound')}
        </p>
      ) : null}
      {deposit.refusal ? <RefusalNotice refusal={deposit.refusal} recommended={list.find((channel) => channel.recommend)} onChoose={setChosenId} cancelCount={cancelCount} t={t} /> : null}
      {deposit.order && deposit.order.payType !== PAY_TYPE.speed ? <OrderPanel deposit={deposit} t={t} /> : null}
      {deposit.order && deposit.order.payType === PAY_TYPE.speed ? <SpeedOrderPanel key={deposit.order.billNo} deposit={deposit} t={t} /> : null}
      {deposit.order?.usdt ? <UsdtOrder order={deposit.order} /> : null}
      {!deposit.order && deposit.loaded && channels && !channels.error && list.length === 0 ? (
        <p className="notice" role="status">
          {t('noChannels')}
        </p>
      ) : null}
      {!deposit.order && deposit.loaded && verifyKnown && !bindFirst && chosen ? (
        <>
          {chosen.pay_type_id === PAY_TYPE.usdt ? (
            // USDT (2120): cold wallet, protocol and amount by route (usdt/), then the common order steps.
            <>
              <ChannelChoice channels={list} chosen={chosen} onChoose={setChosenId} t={t} />
              <UsdtDeposit onOrder={deposit.adopt} />
            </>
          ) : (
            <DepositForm channels={list} chosen={chosen} onChoose={setChosenId} busy={deposit.busy} speed={speed} onPay={(body) => void deposit.pay(body)} t={t} />
          )}
        </>
      ) : null}
      <Tutorials open={chosen ? tutorialOf(chosen.pay_type_id) : null} t={t} />
    </div>
  );
}

/** /app/myCenter/deposit: pay channels, the deposit form, the order and its steps, tutorials. */
export function DepositPage() {
  return (
    <MemberCentre>
      <DepositView />
    </MemberCentre>
  );
}
