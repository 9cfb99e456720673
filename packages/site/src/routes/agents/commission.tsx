import type { CommissionStatement } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import { formatBasisPoints } from '../../modules/basis-points.js';
import { ErrorLine } from '../../modules/error-line.js';
import { formatMinor } from '../../modules/wallet-amount.js';
import type { agentTexts } from './texts.js';
import type { Load } from './use-agents.js';

type Text = PageTextLookup<keyof (typeof agentTexts)['en']>;
const money = (minor: number) => formatMinor(minor, 2);
const STATE_TEXT = { open: 'stateOpen', closed: 'stateClosed', settled: 'stateSettled' } as const;

/** A month worth a row: the running one, a settled one, or a closed one with turnover. */
const shown = (statement: CommissionStatement) => statement.state !== 'closed' || statement.turnoverMinor > 0;

function Corrections({ statement, text }: { statement: CommissionStatement; text: Text }) {
  if (statement.adjustments.length === 0 && statement.carriedMinor === 0) return <>{money(0)}</>;
  return (
    <ul className="agent-corrections">
      {statement.adjustments.map((line) => (
        <li key={line.month}>{text('correction', { month: line.month, money: money(line.commissionDeltaMinor) })}</li>
      ))}
      {statement.carriedMinor !== 0 ? <li>{text('carried', { money: money(statement.carriedMinor) })}</li> : null}
    </ul>
  );
}

/**
 * The agent's commission month by month (this Beijing month and the 11 before it, newest
 * first): turnover, the month's commission, corrections of earlier months, what is owed,
 * and what was paid and when.
 */
export function CommissionStatements({ load, text }: { load: Load<{ list: CommissionStatement[] }>; text: Text }) {
  const rows = load.data?.list.filter(shown) ?? [];
  return (
    <section className="agent-panel" aria-labelledby="agent-statements-title">
      <h2 id="agent-statements-title">{text('statementsTitle')}</h2>
      <p>{text('statementsLead')}</p>
      <ErrorLine error={load.error} />
      {load.data ? (
        <div className="agent-table-scroll">
          <table className="agent-table" data-statements>
            <thead>
              <tr>
                <th scope="col">{text('month')}</th>
                <th scope="col">{text('turnover')}</th>
                <th scope="col">{text('monthCommission')}</th>
                <th scope="col">{text('adjustment')}</th>
                <th scope="col">{text('owed')}</th>
                <th scope="col">{text('paidAmount')}</th>
                <th scope="col">{text('paidAt')}</th>
                <th scope="col">{text('statementState')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((statement) => (
                <tr key={statement.month} data-statement={statement.month} data-state={statement.state} data-owed-minor={statement.owedMinor} data-paid-minor={statement.paidMinor}>
                  <th scope="row">{statement.month}</th>
                  <td>{money(statement.turnoverMinor)}</td>
                  <td>{money(statement.commissionMinor)} <span className="agent-rate">({formatBasisPoints(statement.commissionRateBp)})</span></td>
                  <td><Corrections statement={statement} text={text} /></td>
                  <td>{money(statement.owedMinor)}</td>
                  <td data-paid>{statement.state === 'settled' ? money(statement.paidMinor) : text('notPaid')}</td>
                  <td>{statement.paidAt ? <DateTime at={statement.paidAt} /> : '—'}</td>
                  <td>{text(STATE_TEXT[statement.state])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
