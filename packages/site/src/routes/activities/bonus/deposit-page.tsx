import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DEPOSIT_BONUS_STATUS, depositAgainJoin, depositFirstReceive, depositNoLimitApply, depositStageApply, monthMoneyReceive,
  type DepositBonusInfo,
} from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts, type PageTextLookup } from '../../../i18n/page-texts.js';
import { ErrorLine, RefusalLine } from '../../../modules/error-line.js';
import { formatWire } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ClaimButton, ConditionList, useClaim, type LoadedActivity } from '../shared/index.js';
import { BonusList } from './bonus-list.js';
import { installBonusStyles } from './bonus-styles.js';
import { bonusTexts, type BonusTextKey } from './texts.js';
import { useDepositInfo, type DepositKind } from './use-bonus.js';

type Text = PageTextLookup<BonusTextKey>;
const yuan = (amount: number) => formatWire(amount, 2);

/**
 * /app/deposit-first/{id}, /app/deposit-again/{id} and /app/month-money/{id} (issue 20;
 * docs/BONUS-WAGERING.md): the rule (percent, maximum, stages or tiers, wagering, maximum
 * bet, weights), the member's status in the spec's words (section 4: 0 Not .. 5 NotStart),
 * the deposits that count with their bonus, the receive button (with its terms version) and
 * the bonuses received with their wagering progress.
 */
export function DepositBonusView({ load, kind }: { load: LoadedActivity; kind: DepositKind }) {
  installBonusStyles();
  const text = usePageTexts(bonusTexts);
  const { client } = useLobby();
  const { info, error, reload, loggedIn } = useDepositInfo(kind, load.detail.id);
  const afterAnswer = useCallback(() => {
    reload();
    load.reload();
  }, [reload, load]);
  const { claim, busy, refusal } = useClaim(afterAnswer);
  const [done, setDone] = useState('');

  async function receive(termsVersion: number, billNo?: string) {
    if (!info) return;
    setDone('');
    const id = info.activityId;
    const request = { id, termsVersion, ...(billNo ? { billNo } : {}) };
    const answer = await claim({ kind, ...request }, (idempotencyKey) => {
      if (kind === 'deposit_first') return client.call(depositFirstReceive, request, { idempotencyKey });
      if (kind === 'month_money') return client.call(monthMoneyReceive, request, { idempotencyKey });
      if (info.rule.mode === 'noLimit') return client.call(depositNoLimitApply, { id, termsVersion, billNo: billNo ?? '' }, { idempotencyKey });
      if (info.rule.mode === 'stage') return client.call(depositStageApply, { id, termsVersion, billNo: billNo ?? '' }, { idempotencyKey });
      return client.call(depositAgainJoin, request, { idempotencyKey });
    });
    if (answer) setDone(text('paid', { money: yuan(answer.bonus.amount) }));
  }

  return (
    <ActivityFrame load={load} showClaims={false}>
      {info ? <RulePanel rule={info.rule} text={text} /> : null}
      <ConditionList conditions={load.detail.conditions} />
      <section className="activity-panel activity-claim" aria-labelledby="bonus-status-title">
        <h2 id="bonus-status-title">{text('myStatus')}</h2>
        {!loggedIn ? <p>{text('logIn')}</p> : null}
        {error ? <ErrorLine error={error} /> : null}
        {loggedIn && !info && !error ? <p className="content-loading">{text('loading')}</p> : null}
        {info ? <StatusPart info={info} text={text} busy={busy} onReceive={(version, billNo) => void receive(version, billNo)} /> : null}
        {done ? (
          <p className="notice activity-done" role="status">
            {done}
          </p>
        ) : null}
        <RefusalLine refusal={refusal} />
      </section>
      {info ? (
        <section className="activity-panel" aria-labelledby="bonus-mine-title">
          <h2 id="bonus-mine-title">{text('myBonuses')}</h2>
          <BonusList list={info.bonuses} onChange={afterAnswer} />
          <p>
            <Link to="/app/myCenter/myWallet">{text('toWallet')}</Link>
          </p>
        </section>
      ) : null}
    </ActivityFrame>
  );
}

function StatusPart({ info, text, busy, onReceive }: { info: DepositBonusInfo; text: Text; busy: boolean; onReceive: (termsVersion: number, billNo?: string) => void }) {
  const perDeposit = info.rule.mode === 'noLimit' || info.rule.mode === 'stage';
  const canReceive = info.status === DEPOSIT_BONUS_STATUS.canReceive;
  return (
    <>
      <p className="bonus-status-line" data-bonus-status={info.status}>
        {text(`status${info.status}` as BonusTextKey)}
        {info.status !== DEPOSIT_BONUS_STATUS.canReceive && info.status !== DEPOSIT_BONUS_STATUS.received ? ` · ${reasonText(info, text)}` : ''}
      </p>
      {info.month ? (
        <>
          <p>{text('month', { month: info.month.month, deposits: yuan(info.month.deposits), turnover: yuan(info.month.turnover), reward: yuan(info.month.reward) })}</p>
          <p>{text('thisMonth', { month: info.month.thisMonth, deposits: yuan(info.month.thisMonthDeposits), turnover: yuan(info.month.thisMonthTurnover) })}</p>
        </>
      ) : null}
      {info.deposits.length > 0 ? (
        <>
          <h3>{text('deposits')}</h3>
          <ul className="bonus-deposits">
            {info.deposits.map((deposit) => (
              <li key={deposit.billNo} data-bill-no={deposit.billNo}>
                <span>
                  <DateTime at={deposit.depositedAt} /> · {text('depositLine', { amount: yuan(deposit.amount), bonus: yuan(deposit.bonus) })}
                </span>
                <span>{text(`status${deposit.status}` as BonusTextKey)}</span>
                {perDeposit && deposit.status === DEPOSIT_BONUS_STATUS.canReceive && info.activityStatus === 1 ? (
                  <ClaimButton termsVersion={info.termsVersion} busy={busy} onClaim={(version) => onReceive(version, deposit.billNo)}>
                    {text('receive')}
                  </ClaimButton>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {!perDeposit ? (
        <ClaimButton termsVersion={info.termsVersion} busy={busy} disabled={!canReceive} onClaim={(version) => onReceive(version)}>
          {info.status === DEPOSIT_BONUS_STATUS.received ? text('received') : text('receive')}
        </ClaimButton>
      ) : null}
      {info.status === DEPOSIT_BONUS_STATUS.not && info.kind !== 'month_money' ? (
        <p>
          <Link className="button" to="/app/myCenter/deposit">
            {text('depositNow')}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** The status's reason in the member's language (the server's `reason` is English). */
function reasonText(info: DepositBonusInfo, text: Text): string {
  const minMinor = info.rule.mode === 'stage' ? (info.rule.stages[0]?.minDeposit ?? 0) : info.rule.minDeposit;
  return text(`reason_${info.reasonKey}` as BonusTextKey, { nth: info.rule.nth, money: yuan(minMinor), month: info.month?.month ?? '' });
}

function RulePanel({ rule, text }: { rule: DepositBonusInfo['rule']; text: Text }) {
  return (
    <section className="activity-panel" aria-labelledby="bonus-rule-title">
      <h2 id="bonus-rule-title">{text('rule')}</h2>
      <dl className="activity-facts">
        {rule.mode === 'first' || rule.mode === 'nth' || rule.mode === 'noLimit' ? (
          <>
            <dt>{text('percent')}</dt>
            <dd>{text('percentValue', { percent: rule.percent, max: yuan(rule.maxBonus) })}</dd>
            <dt>{text('minDeposit')}</dt>
            <dd>{text('money', { money: yuan(rule.minDeposit) })}</dd>
          </>
        ) : null}
        {rule.mode === 'nth' ? (
          <>
            <dt>{text('nth')}</dt>
            <dd>{text('nthValue', { nth: rule.nth })}</dd>
          </>
        ) : null}
        {rule.mode === 'noLimit' ? (
          <>
            <dt>{text('nth')}</dt>
            <dd>{text('modeNoLimit')}</dd>
          </>
        ) : null}
        {rule.stages.length > 0 ? (
          <>
            <dt>{text('stages')}</dt>
            <dd>
              <ul className="bonus-rule-list">
                {rule.stages.map((stage) => <li key={stage.minDeposit}>{text('stageLine', { deposit: yuan(stage.minDeposit), bonus: yuan(stage.bonus) })}</li>)}
              </ul>
            </dd>
          </>
        ) : null}
        {rule.tiers.length > 0 ? (
          <>
            <dt>{text('tiers')}</dt>
            <dd>
              <ul className="bonus-rule-list">
                {rule.tiers.map((tier) => <li key={tier.reward}>{text('tierLine', { deposit: yuan(tier.minDeposit), turnover: yuan(tier.minTurnover), reward: yuan(tier.reward) })}</li>)}
              </ul>
            </dd>
          </>
        ) : null}
        <dt>{text('wagering')}</dt>
        <dd>{text('wageringValue', { multiple: rule.multiple })}</dd>
        <dt>{text('maxBet')}</dt>
        <dd>{text('maxBetValue', { money: yuan(rule.maxBet) })}</dd>
        <dt>{text('expiry')}</dt>
        <dd>{text('expiryValue', { days: rule.expiryDays })}</dd>
        <dt>{text('weights')}</dt>
        <dd>{rule.weights.map((weight) => `${text(`category${weight.category}` as BonusTextKey)} ${weight.percent}%`).join(' · ')}</dd>
      </dl>
    </section>
  );
}
