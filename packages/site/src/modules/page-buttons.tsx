/**
 * Previous / "page n of m" / next buttons for a list paged in place (the caller's words; the
 * ends disabled). Lists paged by URL use links instead.
 *
 * @example <PageButtons className="game-paging" label={t('paging')} page={2} pages={5} pageOf={t('pageOf', { page: 2, pages: 5 })} previous={t('previous')} next={t('next')} onPage={setPage} />
 */
export function PageButtons({ className, label, page, pages, pageOf, previous, next, onPage }: {
  className: string;
  label: string;
  page: number;
  pages: number;
  pageOf: string;
  previous: string;
  next: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav className={className} aria-label={label}>
      <button className="button secondary" type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </button>
      <span>{pageOf}</span>
      <button className="button secondary" type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </button>
    </nav>
  );
}
