import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { formatBasisPoints } from '../../modules/basis-points.js';
import { PartView, RefusalLine, useYuan } from './parts.js';
import { welfareTexts } from './texts.js';
import { canClaimFanShui, totalRebateBasisPoints, type FanShuiInfo, type WelfareState } from './welfare-store.js';

/**
 * The fan shui waiting (amount, the settled bets it comes from, the rate with an active buff
 * card's share), the claim button, the claim's result or refusal, and the last claims.
 */
export function FanShuiPanel({ state, onClaim }: { state: WelfareState; onClaim: () => void }) {
  const text = usePageTexts(welfareTexts);
  const yuan = useYuan();
  const { claimed, claimRefusal, claiming } = state;
  return (
    <section className="welfare-panel welfare-fan-shui" aria-labelledby="welfare-fan-shui-title">
      <h2 id="welfare-fan-shui-title">{text('fanShui')}</h2>
      <PartView part={state.fanShui}>
        {(info) => (
          <>
            <FanShuiFacts info={info} />
            {info.pendingAmount > 0 ? null : <p>{text('nothingToClaim')}</p>}
            <button className="button welfare-claim" type="button" disabled={!canClaimFanShui(state)} aria-busy={claiming} onClick={onClaim}>
              {claiming ? text('claiming') : text('claim')}
            </button>
          </>
        )}
      </PartView>
      {claimed ? (
        <p className="notice welfare-claimed" role="status">
          {text('claimed', { amount: yuan(claimed.claim.amount), turnover: yuan(claimed.claim.turnover), balance: yuan(claimed.centerWalletBalance) })}
        </p>
      ) : null}
      {claimRefusal ? <RefusalLine refusal={claimRefusal} /> : null}
      {state.fanShui.state === 'ready' ? <ClaimHistory info={state.fanShui.data} /> : null}
    </section>
  );
}

function FanShuiFacts({ info }: { info: FanShuiInfo }) {
  const text = usePageTexts(welfareTexts);
  const yuan = useYuan();
  const base = formatBasisPoints(info.rateBasisPoints);
  const total = formatBasisPoints(totalRebateBasisPoints(info));
  return (
    <dl className="welfare-facts">
      <dt>{text('pendingAmount')}</dt>
      <dd>
        <strong className="welfare-amount" data-pending-amount={info.pendingAmount}>
          {yuan(info.pendingAmount)}
        </strong>
      </dd>
      <dt>{text('turnover')}</dt>
      <dd className="welfare-turnover">{text('pendingTurnover', { count: info.pendingBets, days: info.windowDays, turnover: yuan(info.pendingTurnover) })}</dd>
      <dt>{text('rate')}</dt>
      <dd className="welfare-rate">{info.buffBasisPoints > 0 ? text('rateWithBuff', { base, buff: formatBasisPoints(info.buffBasisPoints), total }) : total}</dd>
    </dl>
  );
}

function ClaimHistory({ info }: { info: FanShuiInfo }) {
  const text = usePageTexts(welfareTexts);
  const yuan = useYuan();
  if (info.claims.length === 0) return null;
  return (
    <>
      <h3>{text('claimsTitle')}</h3>
      <table className="welfare-table">
        <thead>
          <tr>
            <th scope="col">{text('claimedAt')}</th>
            <th scope="col">{text('turnover')}</th>
            <th scope="col">{text('bets')}</th>
            <th scope="col">{text('buff')}</th>
            <th scope="col">{text('amount')}</th>
          </tr>
        </thead>
        <tbody>
          {info.claims.map((claim) => (
            <tr key={claim.id} data-claim-id={claim.id}>
              <td>
                <DateTime at={claim.createdAt} />
              </td>
              <td>{yuan(claim.turnover)}</td>
              <td>{claim.bets}</td>
              <td>{claim.buffBasisPoints > 0 ? `+${formatBasisPoints(claim.buffBasisPoints)}` : '—'}</td>
              <td>{yuan(claim.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
