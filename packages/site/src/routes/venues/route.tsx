import { useLocation } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, defineTexts, venueTypeList, type VENUE_TYPES } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { usePageTitle } from '../../layout/page-title.js';

type VenueType = (typeof VENUE_TYPES)[number];

/** Which venue type each venue route lists (spec section 2 routes, section 3 venue types). */
const TYPE_BY_PATH: ReadonlyArray<[RegExp, VenueType]> = [
  [/^\/app\/sport\/?$/i, 'ty'],
  [/^\/app\/realbet\/?$/i, 'zr'],
  [/^\/app\/lottery\/?$/i, 'cp'],
  [/^\/app\/chessGame\/?$/i, 'qp'],
  [/^\/app\/fishing\/[^/]+\/?$/i, 'by'],
  [/^\/app\/egame\/[^/]+\/?$/i, 'dz'],
  [/^\/app\/gaming\/?$/i, 'dj'],
];

/** The venue type of a venue route's path; null for any other path. */
export function venueTypeOf(pathname: string): VenueType | null {
  return TYPE_BY_PATH.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

const texts = defineTexts(
  {
    venues: '场馆',
    none: '本站暂无此类场馆。',
    maintenance: '维护中',
    open: '正常',
    launchNotBuilt: '进入游戏尚未开放：游戏列表和游戏启动还未构建。',
  },
  {
    venues: 'Venues',
    none: 'This site has no venue of this kind.',
    maintenance: 'Under maintenance',
    open: 'Open',
    launchNotBuilt: 'Playing is not available yet: game lists and game launch are not built.',
  },
);

/**
 * A venue page (/app/sport, /app/realbet, /app/lottery, /app/chessGame, /app/fishing/:id,
 * /app/egame/:id, /app/gaming): the brand's venues of the page's type from the server
 * (venueTypeList: the base config's venues with each venue's maintenance flag). Game
 * lists and launching a game are not built, and the page says so.
 */
export function VenuesPage() {
  const title = usePageTitle();
  const t = usePageTexts(texts);
  const language = useStore($language);
  const type = venueTypeOf(useLocation().pathname) ?? 'ty';
  const { data, error } = useApi(venueTypeList, { type });
  return (
    <section className="venues-page">
      <h1 className="page-title">{title}</h1>
      {error ? <p className="notice error">{error}</p> : null}
      {data && data.length === 0 ? <p className="notice">{t('none')}</p> : null}
      {data && data.length > 0 ? (
        <ul className="venue-list" aria-label={t('venues')}>
          {data.map((venue) => (
            <li key={venue.code} className={venue.maintenance ? 'venue-card in-maintenance' : 'venue-card'}>
              <p className="venue-name">{language === 'en' ? venue.enName : venue.zhName}</p>
              <p className="venue-code">{venue.code}</p>
              <p className={venue.maintenance ? 'venue-state maintenance' : 'venue-state'}>{venue.maintenance ? t('maintenance') : t('open')}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="hint">{t('launchNotBuilt')}</p>
    </section>
  );
}
