import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, flowRate, formatWireMoney, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { betRecordTexts } from './texts.js';

/** The flow rate (spec section 7, "Finance"): turnover required since the last paid withdrawal, done and still needed. */
export function FlowRate() {
  const t = usePageTexts(betRecordTexts);
  const language = useStore($language);
  const { client } = useLobby();
  const [flow, setFlow] = useState<CallResponse<typeof flowRate> | null>(null);

  useEffect(() => {
    let current = true;
    client.call(flowRate, {}).then(
      (answer) => current && setFlow(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client]);

  if (!flow) return null;
  const money = (amount: number) => formatWireMoney(amount, 2, language);
  return (
    <section className="flow-rate" aria-label={t('flowRate')}>
      <p>
        {t('flowDone', { done: money(flow.doneFlow), required: money(flow.requiredFlow), percent: flow.percent })}{' '}
        <strong data-need-flow={flow.needFlow}>{flow.needFlow > 0 ? t('flowNeed', { need: money(flow.needFlow) }) : t('flowMet')}</strong>
      </p>
    </section>
  );
}
