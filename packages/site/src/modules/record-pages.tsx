import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { defineTexts, RECORD_RANGE_DAYS_MAX } from '@lobby/sdk';
import { usePageTexts } from '../i18n/page-texts.js';
import { pagesOf, rangeProblem, type DayRange } from './record-days.js';
import { ErrorLine } from './error-line.js';
import { PageButtons } from './page-buttons.js';

/** The texts every record page's filters and pager share (bet records, transactions). */
export const recordPageTexts = defineTexts(
  {
    startDate: '开始日期',
    endDate: '结束日期',
    search: '查询',
    missing: '请选择开始和结束日期',
    backwards: '结束日期不能早于开始日期',
    tooLong: '查询范围最多 {days} 天',
    loading: '加载中…',
    previous: '上一页',
    next: '下一页',
    pager: '分页',
  },
  {
    startDate: 'From',
    endDate: 'To',
    search: 'Search',
    missing: 'Choose a start and an end date',
    backwards: 'The end date is before the start date',
    tooLong: 'A search covers at most {days} days',
    loading: 'Loading…',
    previous: 'Previous',
    next: 'Next',
    pager: 'Pages',
  },
);

/**
 * A record page's filter form: the page's own fields (`children`, given the form's id prefix),
 * then the Beijing day range and Search; a range that is missing, backwards or too long is
 * named and not searched.
 */
export function RangeFilters({ label, initial, onSearch, children }: { label: string; initial: DayRange; onSearch: (range: DayRange) => void; children: (id: string) => ReactNode }) {
  const t = usePageTexts(recordPageTexts);
  const id = useId();
  const [range, setRange] = useState<DayRange>({ startDate: initial.startDate, endDate: initial.endDate });
  const problem = rangeProblem(range);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!problem) onSearch(range);
  }

  return (
    <form className="record-filters" aria-label={label} onSubmit={submit}>
      {children(id)}
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

/** The loading line shown before a record page's first answer. */
export function RecordsLoading() {
  const t = usePageTexts(recordPageTexts);
  return <p className="page-loading">{t('loading')}</p>;
}

/** Previous / next under a record list; `pageOf` is the page's own "page x of y" line. */
export function RecordPager({ page, total, pageSize, pageOf, onPage }: { page: number; total: number; pageSize: number; pageOf: (page: number, pages: number) => string; onPage: (page: number) => void }) {
  const t = usePageTexts(recordPageTexts);
  const pages = pagesOf(total, pageSize);
  return (
    <PageButtons className="inbox-pager" label={t('pager')} page={page} pages={pages} pageOf={pageOf(page, pages)} previous={t('previous')} next={t('next')} onPage={onPage} />
  );
}
