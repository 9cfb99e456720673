import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { virtualCurrencyInfo, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { installActivityStyles } from '../shared/index.js';
import { installGiftStyles } from './gift-styles.js';
import { giftTexts } from './texts.js';

/**
 * /app/virtualCurrencyInfo: the USDT help of spec section 2 ("Help cards cover USDT topics:
 * protocol choice, advantages, virtual currency"), with the brand's real USDT deposit
 * protocols and rate from the server, and the protocol numbers of spec section 3.
 */
export function VirtualCurrencyInfoView() {
  installActivityStyles();
  installGiftStyles();
  const { client } = useLobby();
  const text = usePageTexts(giftTexts);
  const [info, setInfo] = useState<CallResponse<typeof virtualCurrencyInfo> | null>(null);
  useEffect(() => {
    let current = true;
    client.call(virtualCurrencyInfo, {}).then(
      (answer) => current && setInfo(answer),
      () => current && setInfo(null),
    );
    return () => {
      current = false;
    };
  }, [client]);
  return (
    <section className="activity-page vc-page" aria-labelledby="vc-title">
      <h1 className="page-title" id="vc-title">
        {text('vcTitle')}
      </h1>
      <p>{text('vcIntro')}</p>
      <section className="activity-panel" aria-labelledby="vc-protocols-title">
        <h2 id="vc-protocols-title">{text('vcProtocols')}</h2>
        <p>{text('vcProtocolsText')}</p>
      </section>
      <section className="activity-panel" aria-labelledby="vc-advantages-title">
        <h2 id="vc-advantages-title">{text('vcAdvantages')}</h2>
        <ul className="vc-list">
          <li>{text('vcAdvantage1')}</li>
          <li>{text('vcAdvantage2')}</li>
          <li>{text('vcAdvantage3')}</li>
        </ul>
      </section>
      <section className="activity-panel" aria-labelledby="vc-deposit-title">
        <h2 id="vc-deposit-title">{text('vcDeposit')}</h2>
        {info ? (
          <p className="vc-deposit">
            {info.supportUsdt ? text('vcDepositOpen', { protocols: info.depositProtocols.join(', '), rate: info.exchangeRate.toFixed(2) }) : text('vcDepositClosed')}
          </p>
        ) : null}
        <p>
          <Link to="/app/myCenter/deposit">{text('vcGoDeposit')}</Link>
        </p>
      </section>
      <section className="activity-panel" aria-labelledby="vc-howto-title">
        <h2 id="vc-howto-title">{text('vcHowTo')}</h2>
        <p>{text('vcHowToText')}</p>
      </section>
      {info ? (
        <section className="activity-panel" aria-labelledby="vc-numbers-title">
          <h2 id="vc-numbers-title">{text('vcAllProtocols')}</h2>
          <ul className="vc-list">
            {info.protocols.map((protocol) => (
              <li key={protocol.value}>{`${protocol.name} = ${protocol.value}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
