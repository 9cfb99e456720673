import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, lotteryDrawDetail, lotteryDraws, type LotteryDraw, type LotteryDrawDetail } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTexts, type PageTextLookup } from '../../i18n/page-texts.js';
import { usePageTitle } from '../../layout/page-title.js';
import { pagesOf } from '../../modules/record-days.js';
import { DayStrip } from '../schedule/day-strip.js';
import { dayStrip, isDay } from '../schedule/days.js';
import { clockTime } from '../schedule/format.js';
import { ContentStyles } from '../schedule/route.js';
import { lotteryTexts } from './texts.js';
import { verifyDraw, type DrawCheck } from './verify-draw.js';

/** Draws a results page lists (a day has 1,440). */
const DRAWS_PAGE_SIZE = 20;
/** The detail views of /app/competeLottery/:detailPage/:id (docs/NEWS.md). */
export const LOTTERY_DETAIL_PAGES = ['draw', 'history'] as const;

/** The draw page's id: `<venueCode>-<drawNo>`. @example drawPageId('LBLOTTO', 29390000) // 'LBLOTTO-29390000' */
export function drawPageId(venueCode: string, drawNo: number): string {
  return `${venueCode}-${drawNo}`;
}

/** The venue and draw number of a draw page's id; undefined when it is not one. */
export function parseDrawPageId(id: string): { venueCode: string; drawNo: number } | undefined {
  const match = /^([A-Za-z0-9_]{1,32})-(\d{1,15})$/.exec(id);
  return match ? { venueCode: match[1]!, drawNo: Number(match[2]) } : undefined;
}

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

function Dice({ dice }: { dice: readonly number[] }) {
  return (
    <span className="dice" aria-label={dice.join(' ')} role="img">
      {dice.map((value, index) => (
        <span key={index} className="die" aria-hidden="true">
          {FACES[value - 1]}
        </span>
      ))}
    </span>
  );
}

function DrawRow({ draw }: { draw: LotteryDraw }) {
  const t = usePageTexts(lotteryTexts);
  const language = useStore($language);
  return (
    <tr data-draw={draw.drawNo}>
      <td>{draw.drawNo}</td>
      <td>{clockTime(draw.drawAt, language)}</td>
      <td>
        <Dice dice={draw.dice} />
      </td>
      <td>{draw.sum}</td>
      <td>{t(draw.size)}</td>
      <td>{t(draw.parity)}</td>
      <td>
        <Link to={`/app/competeLottery/draw/${drawPageId(draw.venueCode, draw.drawNo)}`} aria-label={t('openOf', { drawNo: draw.drawNo })}>
          {t('open')}
        </Link>
      </td>
    </tr>
  );
}

/** A venue's draws by Beijing day: venue tabs (unless `fixedVenue`), a day strip, the table, a pager. */
function DrawResults({ fixedVenue }: { fixedVenue?: string }) {
  const t = usePageTexts(lotteryTexts);
  const language = useStore($language);
  const [query] = useSearchParams();
  const strip = dayStrip(Date.now()).filter((item) => item.offset <= 0);
  const day = isDay(query.get('day')) ? query.get('day')! : strip[strip.length - 1]!.day;
  const venueCode = fixedVenue ?? query.get('venue') ?? undefined;
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const { data, error } = useApi(lotteryDraws, { ...(venueCode ? { venueCode } : {}), day, page, pageSize: DRAWS_PAGE_SIZE });
  const base = fixedVenue ? `/app/competeLottery/history/${encodeURIComponent(fixedVenue)}` : '/app/competeLottery';
  const hrefOf = (change: Record<string, string>) => `${base}?${new URLSearchParams({ ...(venueCode && !fixedVenue ? { venue: venueCode } : {}), day, ...change }).toString()}`;
  const venue = data?.venues.find((item) => item.venueCode === data.venueCode);
  const pages = data ? pagesOf(data.total, data.pageSize) : 1;
  return (
    <>
      {fixedVenue && venue ? <h2>{t('history', { venue: language === 'en' ? venue.nameEn : venue.nameZh })}</h2> : null}
      {!fixedVenue && data && data.venues.length > 0 ? (
        <nav aria-label={t('venues')}>
          <ul className="content-tabs">
            {data.venues.map((item) => (
              <li key={item.venueCode}>
                <Link to={`/app/competeLottery?venue=${encodeURIComponent(item.venueCode)}&day=${day}`} aria-current={item.venueCode === data.venueCode ? 'page' : undefined}>
                  {language === 'en' ? item.nameEn : item.nameZh}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <DayStrip strip={strip} day={day} hrefOf={(next) => hrefOf({ day: next })} label={t('days')} today={t('today')} language={language} />
      {error ? <p className="notice error">{error}</p> : null}
      {!data && !error ? <p className="content-loading">{t('loading')}</p> : null}
      {data && data.venues.length === 0 ? <p className="notice">{t('noVenue')}</p> : null}
      {data && data.venues.length > 0 && data.list.length === 0 ? <p className="notice">{t('none')}</p> : null}
      {data && data.list.length > 0 ? (
        <table className="draw-table">
          <thead>
            <tr>
              <th scope="col">{t('drawNo')}</th>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('dice')}</th>
              <th scope="col">{t('sum')}</th>
              <th scope="col">{t('size')}</th>
              <th scope="col">{t('parity')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((draw) => (
              <DrawRow key={draw.drawNo} draw={draw} />
            ))}
          </tbody>
        </table>
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('paging')}>
          {page > 1 ? <Link to={hrefOf({ page: String(page - 1) })}>{t('previous')}</Link> : null}
          <span>{t('pageOf', { page, pages })}</span>
          {page < pages ? <Link to={hrefOf({ page: String(page + 1) })}>{t('next')}</Link> : null}
        </nav>
      ) : null}
      {!fixedVenue && data?.venueCode ? (
        <p>
          <Link to={`/app/competeLottery/history/${encodeURIComponent(data.venueCode)}`}>{t('allHistory')}</Link>
        </p>
      ) : null}
    </>
  );
}

/** /app/competeLottery: the brand's lottery results (the studio's minute dice draw), by venue and day. */
export function CompeteLotteryPage() {
  const t = usePageTexts(lotteryTexts);
  return (
    <section className="content-page lottery-page">
      <ContentStyles />
      <h1 className="page-title">{t('heading')}</h1>
      <DrawResults />
    </section>
  );
}

/**
 * /app/competeLottery/:detailPage/:id: `draw/<venue>-<drawNo>` one draw with its provably
 * fair data and a check in the browser; `history/<venue>` a venue's draws by day.
 */
export function CompeteLotteryDetailPage() {
  const t = usePageTexts(lotteryTexts);
  const { detailPage = '', id = '' } = useParams();
  const title = usePageTitle();
  const draw = detailPage === 'draw' ? parseDrawPageId(id) : undefined;
  return (
    <section className="content-page lottery-page">
      <ContentStyles />
      <p>
        <Link to="/app/competeLottery">{t('back')}</Link>
      </p>
      {draw ? null : <h1 className="page-title">{title}</h1>}
      {detailPage === 'history' && /^[A-Za-z0-9_]{1,32}$/.test(id) ? <DrawResults fixedVenue={id} /> : null}
      {draw ? <DrawDetail venueCode={draw.venueCode} drawNo={draw.drawNo} /> : null}
      {!draw && !(detailPage === 'history' && /^[A-Za-z0-9_]{1,32}$/.test(id)) ? <p className="notice error">{t('none')}</p> : null}
    </section>
  );
}

function DrawDetail({ venueCode, drawNo }: { venueCode: string; drawNo: number }) {
  const t = usePageTexts(lotteryTexts);
  const language = useStore($language);
  const { data, error } = useApi(lotteryDrawDetail, { venueCode, drawNo });
  const title = usePageTitle();
  if (error || !data) {
    return (
      <>
        <h1 className="page-title">{title}</h1>
        {error ? <p className="notice error">{error}</p> : <p className="content-loading">{t('loading')}</p>}
      </>
    );
  }
  return (
    <article className="draw-card">
      <h1 className="page-title">
        {language === 'en' ? data.venueNameEn : data.venueNameZh} · {t('draw', { drawNo: data.drawNo })}
      </h1>
      <p className="draw-result">
        <Dice dice={data.dice} /> <span>{t('sum')} {data.sum}</span> <span>{t(data.size)}</span> <span>{t(data.parity)}</span>
      </p>
      <p className="hint">
        {t('time')} {new Date(data.drawAt).toLocaleString(language, { timeZone: 'Asia/Shanghai', hourCycle: 'h23' })}
      </p>
      <h2>{t('fairness')}</h2>
      <dl className="fair-data">
        <dt>{t('serverSeedHash')}</dt>
        <dd>
          <code>{data.serverSeedHash}</code>
        </dd>
        <dt>{t('serverSeed')}</dt>
        <dd>{data.serverSeed ? <code>{data.serverSeed}</code> : t('notRevealed', { time: new Date(data.revealsAt).toLocaleString(language, { timeZone: 'Asia/Shanghai', hourCycle: 'h23' }) })}</dd>
        <dt>{t('clientSeed')}</dt>
        <dd>
          <code>{data.clientSeed}</code>
        </dd>
        <dt>{t('nonce')}</dt>
        <dd>
          <code>{data.nonce}</code>
        </dd>
      </dl>
      <p className="hint">{t('howTo')}</p>
      {data.serverSeed ? <VerifyButton draw={data} /> : null}
    </article>
  );
}

function VerifyButton({ draw }: { draw: LotteryDrawDetail }) {
  const t = usePageTexts(lotteryTexts);
  const [check, setCheck] = useState<DrawCheck | 'running' | undefined>();
  const run = () => {
    setCheck('running');
    void verifyDraw(draw).then(setCheck);
  };
  const failed = check && check !== 'running' && !check.ok && check.problem !== 'unavailable';
  return (
    <>
      <button type="button" className="button" onClick={run} disabled={check === 'running'}>
        {t('verify')}
      </button>
      <p role="status" className={failed ? 'notice error' : check && check !== 'running' && !check.ok ? 'notice' : 'verify-result'} data-verify-result>
        {check === 'running' ? t('verifying') : null}
        {check && check !== 'running' ? checkText(t, check, draw.dice) : null}
      </p>
    </>
  );
}

/** A finished check in words: verified, why it failed, or that this browser cannot check. */
function checkText(t: PageTextLookup<keyof (typeof lotteryTexts)['en']>, check: DrawCheck, drawn: readonly number[]): string {
  if (check.ok) return t('verified', { dice: check.dice.join(' ') });
  if (check.problem === 'unavailable') return t('cannotVerify', { dice: drawn.join(' ') });
  return t('verifyFailed', { reason: check.problem === 'hashMismatch' ? t('hashMismatch') : t('diceMismatch', { dice: check.dice.join(' ') }) });
}
