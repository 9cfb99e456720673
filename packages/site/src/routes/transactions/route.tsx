import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, DEAL_TYPES, TRANSACTION_RECORD_PAGE_SIZE, formatWireMoney, type DealType } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { RangeFilters, RecordPager, RecordsLoading } from '../../modules/record-pages.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { defaultRange, type DayRange } from '../../modules/record-days.js';
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
  const [dealType, setDealType] = useState<DealType | ''>(initial.dealType);
  return (
    <RangeFilters label={t('filters')} initial={initial} onSearch={(range) => onSearch(range, dealType)}>
      {(id) => (
        <>
          <label htmlFor={`${id}-type`}>{t('dealType')}</label>
          <select id={`${id}-type`} value={dealType} onChange={(event) => setDealType(event.target.value as DealType | '')}>
            <option value="">{t('allTypes')}</option>
            {DEAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(type)}
              </option>
            ))}
          </select>
        </>
      )}
    </RangeFilters>
  );
}

function Records({ data, onPage }: { data: TransactionPage | null; onPage: (page: number) => void }) {
  const t = usePageTexts(transactionTexts);
  const language = useStore($language);
  if (!data) return <RecordsLoading />;
  if (data.total === 0) return <p className="notice">{t('empty')}</p>;
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
      <RecordPager page={data.page} total={data.total} pageSize={TRANSACTION_RECORD_PAGE_SIZE} pageOf={(page, pages) => t('pageOf', { page, pages, total: data.total })} onPage={onPage} />
    </>
  );
}
