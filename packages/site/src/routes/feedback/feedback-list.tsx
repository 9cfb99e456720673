import { useEffect, useId, useState } from 'react';
import { FEEDBACK_PAGE_SIZE, feedbackList, type FeedbackDetail } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { pageCount } from '../inbox/inbox-logic.js';
import { feedbackTexts } from './texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { PageButtons } from '../../modules/page-buttons.js';
import { safeHref } from '../../modules/safe-href.js';

const time = (ms: number) => <DateTime at={ms} />;

/** The member's feedback, newest first, 20 a page, with the operator's replies; reloaded when `version` changes. */
export function FeedbackList({ version }: { version: number }) {
  const { client } = useLobby();
  const t = usePageTexts(feedbackTexts);
  const id = useId();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: FeedbackDetail[]; total: number } | null>(null);
  const [error, setError] = useState('');

  useEffect(() => setPage(1), [version]);
  useEffect(() => {
    let current = true;
    client.call(feedbackList, { page, size: FEEDBACK_PAGE_SIZE }).then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setError('');
      },
      (failure: unknown) => current && setError(failureMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, page, version]);

  const pages = pageCount(data?.total ?? 0, FEEDBACK_PAGE_SIZE);
  return (
    <section className="feedback-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('listTitle')}</h2>
      <ErrorLine error={error} />
      {!data ? <p className="page-loading">{t('loading')}</p> : data.list.length === 0 ? <p>{t('empty')}</p> : null}
      {data && data.list.length > 0 ? (
        <>
          <ul className="feedback-items">
            {data.list.map((item) => (
              <FeedbackItem key={item.id} item={item} />
            ))}
          </ul>
          <PageButtons className="inbox-pager" label={t('pager')} page={page} pages={pages} pageOf={t('pageOf', { page, pages, total: data.total })} previous={t('previous')} next={t('next')} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function FeedbackItem({ item }: { item: FeedbackDetail }) {
  const t = usePageTexts(feedbackTexts);
  // The pictures are this site's own (feedback uploads); anything else in the list is not shown.
  const urls = item.picUrls.split(',').filter((url) => safeHref(url, ['path']) !== null);
  const typeKey = `type${item.type}` as 'type1';
  const categoryKey = `category${item.category}` as 'category1';
  return (
    <li className="feedback-item" data-feedback-id={item.id}>
      <div className="feedback-item-head">
        <span>
          {t(typeKey)} · {t(categoryKey)}
        </span>
        <span className="hint">
          {t('sentAt')} {time(item.createdAt)}
        </span>
        <span className={item.isReply ? 'feedback-status replied' : 'feedback-status'}>{item.isReply ? t('replied') : t('waiting')}</span>
      </div>
      <p className="feedback-text">{item.content}</p>
      {urls.length > 0 ? (
        <ul className="feedback-images">
          {urls.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img className="feedback-thumb" src={url} alt={t('imageOf', { index: index + 1 })} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {item.isReply ? (
        <div className="feedback-reply">
          <p className="feedback-reply-head">
            {t('reply')} <span className="hint">{time(item.replyAt)}</span>
          </p>
          <p className="feedback-text">{item.replyContent}</p>
        </div>
      ) : null}
    </li>
  );
}
