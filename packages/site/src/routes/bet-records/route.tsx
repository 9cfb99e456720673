import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, BET_RECORD_PAGE_SIZE, formatWireMoney, venueBalances, type BetRecord } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { RangeFilters, RecordPager, RecordsLoading } from '../../modules/record-pages.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { defaultRange, type DayRange } from '../../modules/record-days.js';
import { betRecordTexts } from './texts.js';
import { useBetRecords, type BetRecordPage, type BetRecordQuery } from './use-bet-records.js';
import { VerifyView } from './verify-view.js';
import { FlowRate } from './flow-rate.js';

/** /app/myCenter/betRecords: the member's bets by venue and Beijing days, 8 a page, with totals and a verify view per round. */
export function BetRecordsPage() {
  return (
    <MemberCentre>
      <BetRecords />
    </MemberCentre>
  );
}

function BetRecords() {
  const [query, setQuery] = useState<BetRecordQuery>(() => ({ ...defaultRange(Date.now()), venueCode: '', page: 1 }));
  const { data, error } = useBetRecords(query);
  const [verifying, setVerifying] = useState<BetRecord | null>(null);
  return (
    <div className="bet-records">
      <FlowRate />
      <Filters initial={query} onSearch={(range, venueCode) => setQuery({ ...range, venueCode, page: 1 })} />
      <ErrorLine error={error} />
      <Records data={data} onPage={(page) => setQuery({ ...query, page })} onVerify={setVerifying} />
      {verifying ? <VerifyView record={verifying} onClose={() => setVerifying(null)} /> : null}
    </div>
  );
}

function Filters({ initial, onSearch }: { initial: BetRecordQuery; onSearch: (range: DayRange, venueCode: string) => void }) {
  const t = usePageTexts(betRecordTexts);
  const language = useStore($language);
  // The brand's venues from the server itself: the stored wallet may not be loaded yet on a fresh page.
  const venues = useApi(venueBalances, {}).data?.venueList ?? [];
  const [venueCode, setVenueCode] = useState(initial.venueCode);
  return (
    <RangeFilters label={t('filters')} initial={initial} onSearch={(range) => onSearch(range, venueCode)}>
      {(id) => (
        <>
          <label htmlFor={`${id}-venue`}>{t('venue')}</label>
          <select id={`${id}-venue`} value={venueCode} onChange={(event) => setVenueCode(event.target.value)}>
            <option value="">{t('allVenues')}</option>
            {venues.map((venue) => (
              <option key={venue.channelCode} value={venue.channelCode}>
                {language === 'en' ? venue.enName : venue.zhName}
              </option>
            ))}
          </select>
        </>
      )}
    </RangeFilters>
  );
}

function Records({ data, onPage, onVerify }: { data: BetRecordPage | null; onPage: (page: number) => void; onVerify: (record: BetRecord) => void }) {
  const t = usePageTexts(betRecordTexts);
  const language = useStore($language);
  if (!data) return <RecordsLoading />;
  if (data.total === 0) return <p className="notice">{t('empty')}</p>;
  const money = (amount: number) => formatWireMoney(amount, 2, language);
  return (
    <>
      <table className="wallet-table" data-totals>
        <caption>{t('totals', { count: data.total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stake')}</th>
            <th scope="col">{t('validBet')}</th>
            <th scope="col">{t('payout')}</th>
            <th scope="col">{t('net')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-total="stake">{money(data.totals.stake)}</td>
            <td data-total="validBet">{money(data.totals.validBet)}</td>
            <td data-total="payout">{money(data.totals.payout)}</td>
            <td data-total="net">{money(data.totals.net)}</td>
          </tr>
        </tbody>
      </table>
      <table className="wallet-table" data-records>
        <caption>{t('records')}</caption>
        <thead>
          <tr>
            {(['time', 'game', 'stake', 'validBet', 'payout', 'net', 'status', 'result'] as const).map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
            <th scope="col">{t('verify')}</th>
          </tr>
        </thead>
        <tbody>
          {data.list.map((record) => (
            <tr key={record.id} data-bet-id={record.id}>
              <td>
                <DateTime at={record.placedAt} />
              </td>
              <td>
                {`${language === 'en' ? record.gameNameEn : record.gameNameZh} · ${record.venueCode}`}
                <small className="bet-round">{t('roundOf', { round: record.roundId })}</small>
              </td>
              <td>{money(record.stake)}</td>
              <td>{money(record.validBet)}</td>
              <td>{money(record.payout)}</td>
              <td>{money(record.net)}</td>
              <td>{t(record.status)}</td>
              <td>{record.result}</td>
              <td>
                <button className="link-button" type="button" aria-label={t('verifyOf', { round: record.roundId })} onClick={() => onVerify(record)}>
                  {t('verify')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RecordPager page={data.page} total={data.total} pageSize={BET_RECORD_PAGE_SIZE} pageOf={(page, pages) => t('pageOf', { page, pages, total: data.total })} onPage={onPage} />
    </>
  );
}
