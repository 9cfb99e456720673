import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, newsArticleDetail, newsSoccerNews, NEWS_PAGE_SIZE_DEFAULT, type NewsArticleSummary } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { useApi } from '../../app/use-api.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { usePageTitle } from '../../layout/page-title.js';
import { pagesOf } from '../../modules/record-days.js';
import { ContentStyles } from '../schedule/route.js';
import { ArticleBody } from './article-body.js';
import { ExpertsTab, MatchesTab } from './experts.js';
import { newsTexts } from './texts.js';

const TABS = ['news', 'experts', 'matches'] as const;
type Tab = (typeof TABS)[number];

/** /app/news: soccer news, experts and matches as tabs (`?tab=`), news paged (`?page=`). */
export function NewsPage() {
  const title = usePageTitle();
  const t = usePageTexts(newsTexts);
  const [query] = useSearchParams();
  const tab: Tab = TABS.includes(query.get('tab') as Tab) ? (query.get('tab') as Tab) : 'news';
  return (
    <section className="content-page news-page">
      <ContentStyles />
      <h1 className="page-title">{title}</h1>
      <nav aria-label={t('tabs')}>
        <ul className="content-tabs">
          {TABS.map((item) => (
            <li key={item}>
              <Link to={`/app/news?tab=${item}`} aria-current={item === tab ? 'page' : undefined}>
                {t(item)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'news' ? <NewsTab /> : tab === 'experts' ? <ExpertsTab /> : <MatchesTab />}
    </section>
  );
}

function NewsCard({ article }: { article: NewsArticleSummary }) {
  return (
    <li className="news-card">
      {article.coverUrl ? <img className="news-cover" src={article.coverUrl} alt="" width={192} height={108} /> : <span className="news-cover empty" />}
      <div>
        <h2>
          <Link to={`/app/news/newsDetail/${article.id}`}>{article.title}</Link>
        </h2>
        <p>{article.summary}</p>
        <p className="hint">
          {article.author} · <DateTime at={article.publishedAt} />
        </p>
      </div>
    </li>
  );
}

function NewsTab() {
  const t = usePageTexts(newsTexts);
  const language = useStore($language);
  const [query] = useSearchParams();
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const { data, error } = useApi(newsSoccerNews, { language: language === 'en' ? 'en' : 'zh-CN', page, pageSize: NEWS_PAGE_SIZE_DEFAULT });
  if (error) return <p className="notice error">{error}</p>;
  if (!data) return <p className="content-loading">{t('loading')}</p>;
  if (data.list.length === 0) return <p className="notice">{t('noNews')}</p>;
  const pages = pagesOf(data.total, data.pageSize);
  return (
    <>
      <ul className="news-list">
        {data.list.map((article) => (
          <NewsCard key={article.id} article={article} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pager" aria-label={t('paging')}>
          {page > 1 ? <Link to={`/app/news?tab=news&page=${page - 1}`}>{t('previous')}</Link> : null}
          <span>{t('pageOf', { page, pages })}</span>
          {page < pages ? <Link to={`/app/news?tab=news&page=${page + 1}`}>{t('next')}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

/** /app/news/newsDetail/:id: one published article, its body the server's sanitised HTML. */
export function NewsDetailPage() {
  const t = usePageTexts(newsTexts);
  const id = Number.parseInt(useParams().id ?? '', 10);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const { data, error } = useApi(newsArticleDetail, { id: valid ? id : 0 });
  return (
    <section className="content-page news-detail-page">
      <ContentStyles />
      <p>
        <Link to="/app/news">{t('back')}</Link>
      </p>
      {error ? <p className="notice error">{error}</p> : null}
      {!data && !error ? <p className="content-loading">{t('loading')}</p> : null}
      {data ? (
        <article className="news-article" lang={data.language}>
          <h1 className="page-title">{data.title}</h1>
          <p className="hint">
            {data.author} · <DateTime at={data.publishedAt} />
          </p>
          {data.coverUrl ? <img className="news-article-cover" src={data.coverUrl} alt="" width={640} height={360} /> : null}
          <ArticleBody sanitisedHtml={data.bodyHtml} />
        </article>
      ) : null}
    </section>
  );
}
