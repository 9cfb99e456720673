import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ActivityDetail } from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { installActivityStyles } from './activity-styles.js';
import { ActivityCountdown, StatusBadge } from './status-badge.js';
import { activityTexts } from './texts.js';
import { useActivity, type ActivityLoad } from './use-activity.js';

/** What an activity page's body gets from ActivityShell: the loaded detail and its reload. */
export interface LoadedActivity extends ActivityLoad {
  detail: ActivityDetail;
}

/**
 * The frame of every activity page: back link, banner, title, status badge in words, the
 * window, a countdown to the start or end, the page's own part (`children`), the terms as
 * text with their version, and the member's claims.
 *
 * @example <ActivityFrame load={load}><ClaimButton ... /></ActivityFrame>
 */
export function ActivityFrame({ load, children, showClaims = true }: { load: LoadedActivity; children?: ReactNode; showClaims?: boolean }) {
  installActivityStyles();
  const text = usePageTexts(activityTexts);
  const { detail } = load;
  return (
    <section className="activity-page" data-activity-id={detail.id} data-kind={detail.kind}>
      <p>
        <Link to="/app/activity">{text('back')}</Link>
      </p>
      <header className="activity-head">
        {detail.bannerUrl ? <img className="activity-banner" src={detail.bannerUrl} alt="" width={960} height={240} /> : null}
        <h1 className="page-title">{detail.title}</h1>
        <p className="activity-meta">
          <StatusBadge status={detail.status} paused={detail.paused} />
          <span>
            {text('window')}: <DateTime at={detail.startsAt} /> – <DateTime at={detail.endsAt} />
          </span>
          <ActivityCountdown status={detail.status} startsAt={detail.startsAt} endsAt={detail.endsAt} serverTime={detail.serverTime} loadedAtMs={load.loadedAtMs} onEnd={load.reload} />
          {detail.rewardsRemainingMinor !== null ? <span className="activity-remaining">{text('rewardsRemaining', { money: formatMinor(detail.rewardsRemainingMinor, 2) })}</span> : null}
        </p>
      </header>
      {children}
      <ActivityTerms detail={detail} />
      {showClaims ? <MyClaims detail={detail} /> : null}
    </section>
  );
}

/** The terms, rendered as text (line breaks kept), with their version. */
export function ActivityTerms({ detail }: { detail: Pick<ActivityDetail, 'termsText' | 'termsVersion'> }) {
  const text = usePageTexts(activityTexts);
  return (
    <section className="activity-panel activity-terms" aria-labelledby="activity-terms-title">
      <h2 id="activity-terms-title">
        {text('terms')} <span className="terms-version">{text('termsVersion', { version: detail.termsVersion })}</span>
      </h2>
      <p className="activity-terms-text">{detail.termsText}</p>
    </section>
  );
}

/** The member's claims of the activity, latest first; nothing for a visitor. */
export function MyClaims({ detail }: { detail: Pick<ActivityDetail, 'myClaims'> }) {
  const text = usePageTexts(activityTexts);
  if (detail.myClaims.length === 0) return null;
  return (
    <section className="activity-panel" aria-labelledby="activity-claims-title">
      <h2 id="activity-claims-title">{text('myClaims')}</h2>
      <ul className="activity-claims">
        {detail.myClaims.map((claim) => (
          <li key={claim.claimKey}>
            <DateTime at={claim.createdAt} />
            <span>{text('claimAmount', { money: formatMinor(claim.amountMinor, 2) })}</span>
            <span>{claim.wallet === 'bonus' ? text('walletBonus') : text('walletCentre')}</span>
            <span className="terms-version">{text('termsVersion', { version: claim.termsVersion })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Loads an activity by id and renders `children(load)` once it is there; the loading text or
 * the refusal (unknown id, another brand's) before that. Most pages are
 * `<ActivityShell id={id}>{(load) => <ActivityFrame load={load}>...</ActivityFrame>}</ActivityShell>`.
 *
 * @example <ActivityShell id={activityIdOf(useParams().id)}>{(load) => <DiscountPage load={load} />}</ActivityShell>
 */
export function ActivityShell({ id, children }: { id: number | undefined; children: (load: LoadedActivity) => ReactNode }) {
  installActivityStyles();
  const text = usePageTexts(activityTexts);
  const load = useActivity(id);
  if (load.error) {
    return (
      <section className="activity-page">
        <p>
          <Link to="/app/activity">{text('back')}</Link>
        </p>
        <ErrorLine error={load.error} />
      </section>
    );
  }
  if (!load.detail) return <p className="content-loading activity-loading">{text('loading')}</p>;
  return <>{children(load as LoadedActivity)}</>;
}

/**
 * The honest placeholder of an activity page whose kind is not built yet: the activity's
 * frame and terms, and a line saying what is missing.
 *
 * @example <NotBuiltYet load={load} what="the draw" />
 */
export function NotBuiltYet({ load, what }: { load: LoadedActivity; what: string }) {
  const text = usePageTexts(activityTexts);
  return (
    <ActivityFrame load={load}>
      <p className="notice" role="status">
        {text('notBuilt', { what })}
      </p>
    </ActivityFrame>
  );
}
