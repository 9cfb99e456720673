import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, DEAL_TYPES, RECORD_RANGE_DAYS_MAX, TRANSACTION_RECORD_PAGE_SIZE, formatWireMoney, type DealType } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { defaultRange, pagesOf, rangeProblem, type DayRange } from '../bet-records/record-days.js';
import { transactionTexts } from './texts.js';
import { decimalsOf, reasonOf, walletOf } from './transaction-text.js';
import { useTransactions, type TransactionPage, type TransactionQuery } from './use-transactions.js';

/** /app/myCenter/transactions: every movement of the member's wallets by type and Beijing days, with its status and the balance after. */
export function TransactionsPage() {
  return (
    <MemberCentre>
      <Transactions />
    </MemberCentre>
  );
}

function Transactions() {
  const [query, setQuery] = useState<TransactionQuery>(() => ({ ...defaultRange(Date.now()), dealType: '', page: 1 }));
  const { data, error } = useTransactions(query);
  return (
    <div className="transaction-records">
      <Filters initial={query} onSearch={(range, dealType) => setQuery({ ...range, dealType, page: 1 })} />
      <ErrorLine error={error} />
      <Records data={data} onPage={(page) => setQuery({ ...query, page })} />
    </div>
  );
}

function Filters({ initial, onSearch }: { initial: TransactionQuery; onSearch: (range: DayRange, dealType: DealType | '') => void }) {
  const t = usePageTexts(transactionTexts);
  const id = useId();
  const [range, setRange] = useState<DayRange>({ startDate: initial.startDate, endDate: initial.endDate });
  const [dealType, setDealType] = useState<DealType | ''>(initial.dealType);
  const problem = rangeProblem(range);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!problem) onSearch(range, dealType);
  }

  return (
    <form className="record-filters" aria-label={t('filters')} onSubmit={submit}>
      <label htmlFor={`${id}-type`}>{t('dealType')}</label>
      <select id={`${id}-type`} value={dealType} onChange={(event) => setDealType(event.target.value as DealType | '')}>
        <option value="">{t('allTypes')}</option>
        {DEAL_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(type)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-start`}>{t('startDate')}</label>
      <input id={`${id}-start`} type="date" value={range.startDate} onChange={(event) => setRange({ ...range, startDate: event.target.value })} />
      <label htmlFor={`${id}-end`}>{t('endDate')}</label>
      <input id={`${id}-end`} type="date" value={range.endDate} onChange={(event) => setRange({ ...range, endDate: event.target.value })} />
      <button className="button" type="submit" disabled={problem !== ''}>
        {t('search')}
      </button>
      <ErrorLine error={problem ? t(problem, { days: RECORD_RANGE_DAYS_MAX }) : ''} />
    </form>
  );
}

function Records({ data, onPage }: { data: TransactionPage | null; onPage: (page: number) => void }) {
  const t = usePageTexts(transactionTexts);
  const language = useStore($language);
  if (!data) return <p className="page-loading">{t('loading')}</p>;
  if (data.total === 0) return <p className="notice">{t('empty')}</p>;
  const pages = pagesOf(data.total, TRANSACTION_RECORD_PAGE_SIZE);
  return (
    <>
      <table className="wallet-table" data-transactions>
        <caption>{t('records')}</caption>
        <thead>
          <tr>
            {(['time', 'reason', 'wallet', 'amount', 'balanceAfter', 'status', 'order'] as const).map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.list.map((record) => (
            <tr key={`${record.id}:${record.wallet}`} data-deal-type={record.dealType} data-code={record.code}>
              <td>
                <DateTime at={record.createdAt} />
              </td>
              <td>{reasonOf(t, record)}</td>
              <td>{walletOf(t, record.wallet)}</td>
              <td data-amount={record.amount}>{`${record.amount > 0 ? '+' : ''}${formatWireMoney(record.amount, decimalsOf(record.currency), language)}`}</td>
              <td>{formatWireMoney(record.balanceAfter, decimalsOf(record.currency), language)}</td>
              <td data-status-name={record.statusName}>{t(`audit${record.auditStatus === 1 ? 1 : record.auditStatus === 2 ? 2 : 0}`)}</td>
              <td>{record.orderReference ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="inbox-pager" aria-label={t('pager')}>
        <button className="button secondary" type="button" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          {t('previous')}
        </button>
        <span>{t('pageOf', { page: data.page, pages, total: data.total })}</span>
        <button className="button secondary" type="button" disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>
          {t('next')}
        </button>
      </nav>
    </>
  );
}
