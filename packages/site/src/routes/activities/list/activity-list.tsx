import { Link, useSearchParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $session, activityBanners, activityList, errorMessage, type ActivitySummary } from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { useApi } from '../../../app/use-api.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { usePageTitle } from '../../../layout/page-title.js';
import { StatusBadge, activityHref, installActivityStyles } from '../shared/index.js';
import { NAMED_CATEGORIES, listTexts, type ListTextKey } from './texts.js';
import { useEntryCheck } from './use-entry-check.js';

const CATEGORY_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** Banners the strip above the list shows. */
const BANNERS_SHOWN = 3;

/** A category's name in the page's language: its own word for the known ones, else as written. */
function useCategoryName() {
  const text = usePageTexts(listTexts);
  return (category: string) => ((NAMED_CATEGORIES as readonly string[]).includes(category) ? text(`cat_${category}` as ListTextKey) : category);
}

/**
 * /app/activity: the brand's activities by category (`?category=`), the featured banners
 * above, each card with its status, window and a link to its kind's page; a logged-in
 * member sees on each running activity whether they may take part (the entry check).
 */
export function ActivityListPage() {
  installActivityStyles();
  const title = usePageTitle();
  const text = usePageTexts(listTexts);
  const categoryName = useCategoryName();
  const [query] = useSearchParams();
  const asked = query.get('category') ?? 'all';
  const category = CATEGORY_PATTERN.test(asked) ? asked : 'all';
  const { data, error } = useApi(activityList, category === 'all' ? {} : { category });
  const categories = data?.categories ?? ['all'];
  const session = useStore($session);
  return (
    <section className="activity-page activity-list-page">
      <h1 className="page-title">{title}</h1>
      {session ? (
        <p className="activity-welfare-link">
          <Link to="/app/myCenter/welfareCenter">{text('welfare')}</Link>
        </p>
      ) : null}
      <Banners />
      <nav aria-label={text('categories')}>
        <ul className="activity-tabs">
          {(categories.includes(category) ? categories : [...categories, category]).map((item) => (
            <li key={item}>
              <Link to={item === 'all' ? '/app/activity' : `/app/activity?category=${encodeURIComponent(item)}`} aria-current={item === category ? 'page' : undefined}>
                {categoryName(item)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {error ? <p className="notice error">{error}</p> : null}
      {!data && !error ? <p className="content-loading">{text('loading')}</p> : null}
      {data && data.list.length === 0 ? <p className="notice">{text('none')}</p> : null}
      {data && data.list.length > 0 ? (
        <ul className="activity-cards">
          {data.list.map((activity) => (
            <ActivityCard key={activity.id} activity={activity} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Banners() {
  const text = usePageTexts(listTexts);
  const { data } = useApi(activityBanners, {});
  const banners = (data?.list ?? []).slice(0, BANNERS_SHOWN);
  if (banners.length === 0) return null;
  return (
    <nav className="activity-banners" aria-label={text('banners')}>
      {banners.map((banner) => (
        <Link key={banner.id} to={activityHref(banner.kind, banner.id)}>
          <img src={banner.bannerUrl} alt={banner.title} width={320} height={80} />
        </Link>
      ))}
    </nav>
  );
}

function ActivityCard({ activity }: { activity: ActivitySummary }) {
  const text = usePageTexts(listTexts);
  const session = useStore($session);
  const href = activityHref(activity.kind, activity.id);
  const headingId = `activity-card-${activity.id}`;
  return (
    <li className="activity-card" data-activity-id={activity.id} data-kind={activity.kind} aria-labelledby={headingId}>
      {activity.bannerUrl ? <img className="activity-card-image" src={activity.bannerUrl} alt="" width={320} height={80} /> : null}
      <div className="activity-card-body">
        <h2 id={headingId}>
          <Link to={href}>{activity.title}</Link>
        </h2>
        <p className="activity-meta">
          <StatusBadge status={activity.status} paused={activity.paused} />
          <span className="hint">
            <DateTime at={activity.startsAt} /> – <DateTime at={activity.endsAt} />
          </span>
        </p>
        {session && activity.status === 1 && !activity.paused && activity.kind !== 'display' ? <EntryLine id={activity.id} /> : null}
        <p>
          <Link className="button secondary" to={href} aria-label={`${text('open')}: ${activity.title}`}>
            {text('open')}
          </Link>
        </p>
      </div>
    </li>
  );
}

/** Whether the member may take part, or the refusal a claim would meet, in the page's language. */
function EntryLine({ id }: { id: number }) {
  const text = usePageTexts(listTexts);
  const language = useStore($language);
  const check = useEntryCheck(id);
  if (!check) return <p className="hint entry-line">{text('checking')}</p>;
  if (check.allowed) return <p className="entry-line entry-ok" data-entry="allowed">{text('canJoin')}</p>;
  return (
    <p className="entry-line hint" data-entry={check.code}>
      {errorMessage(check.code, '', language)}
    </p>
  );
}
