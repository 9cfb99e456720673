import { Link } from 'react-router-dom';
import { MEMBER_CREDIT_ACCOUNT_AGE_DAYS, activityPagePath } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { IDENTITY_ROUTE } from '../../modules/identity-codes.js';
import { formatBasisPoints } from '../../modules/basis-points.js';
import { PartView } from './parts.js';
import { welfareTexts } from './texts.js';
import { CREDIT_FIX_ROUTES, daysLeftOf, type BankNotice, type BuffCard, type MemberCredit, type Part, type WelfareList } from './welfare-store.js';

/** The gift activities where the member may take something now, each linking to its page, and the applications under review. */
export function TakeNowPanel({ part }: { part: Part<WelfareList> }) {
  const text = usePageTexts(welfareTexts);
  return (
    <section className="welfare-panel welfare-take-now" aria-labelledby="welfare-take-now-title">
      <h2 id="welfare-take-now-title">{text('takeNow')}</h2>
      <PartView part={part}>
        {(welfare) => (
          <>
            {welfare.activities.length === 0 ? <p>{text('takeNowNone')}</p> : null}
            <ul className="welfare-list">
              {welfare.activities.map((activity) => (
                <li key={activity.activityId} data-activity-id={activity.activityId}>
                  <Link className="welfare-name" to={activityPagePath(activity.kind, activity.activityId)}>
                    {activity.title}
                  </Link>
                  <span className="welfare-badge active">{text('giftsAvailable', { count: activity.available })}</span>
                  <span className="hint">
                    {text('endsAt')} <DateTime at={activity.endsAt} />
                  </span>
                </li>
              ))}
            </ul>
            {welfare.applicationsUnderReview > 0 ? (
              <p>
                {text('applicationsUnderReview', { count: welfare.applicationsUnderReview })} <Link to="/app/gift-apply/get/modal">{text('applications')}</Link>
              </p>
            ) : null}
            <p>
              <Link to="/app/activity">{text('allActivities')}</Link>
            </p>
          </>
        )}
      </PartView>
    </section>
  );
}

/** The member's exclusive buff cards: the rate each adds, active or run out, days left. */
export function BuffCardsPanel({ part }: { part: Part<BuffCard[]> }) {
  const text = usePageTexts(welfareTexts);
  const nowMs = Date.now();
  return (
    <section className="welfare-panel welfare-buff-cards" aria-labelledby="welfare-buff-title">
      <h2 id="welfare-buff-title">{text('buffCards')}</h2>
      <PartView part={part}>
        {(cards) =>
          cards.length === 0 ? (
            <p>{text('buffCardsNone')}</p>
          ) : (
            <ul className="welfare-list">
              {cards.map((card) => (
                <li key={`${card.activityId}-${card.giftId}-${card.takenAt}`} data-active={card.active}>
                  <span className="welfare-name">{card.giftName}</span>
                  <span>{text('buffRate', { rate: formatBasisPoints(card.rebateBasisPoints) })}</span>
                  <span className={card.active ? 'welfare-badge active' : 'welfare-badge'}>{card.active ? text('active') : text('expired')}</span>
                  {card.active ? <span className="welfare-days-left">{text('daysLeft', { count: daysLeftOf(card, nowMs) })}</span> : null}
                  <span className="hint">
                    {text('expiresAt')} <DateTime at={card.expiresAt} />
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </PartView>
    </section>
  );
}

/** Member credit: each identity check passed or not, with where to make a failed one pass. */
export function CreditPanel({ part }: { part: Part<MemberCredit> }) {
  const text = usePageTexts(welfareTexts);
  const days = MEMBER_CREDIT_ACCOUNT_AGE_DAYS;
  return (
    <section className="welfare-panel welfare-credit" aria-labelledby="welfare-credit-title">
      <h2 id="welfare-credit-title">{text('credit')}</h2>
      <PartView part={part}>
        {(credit) => (
          <>
            <p className="welfare-credit-count">{text('creditPassed', { passed: credit.passed, total: credit.total })}</p>
            <ul className="welfare-list">
              {credit.checks.map((check) => {
                const fix = CREDIT_FIX_ROUTES[check.key];
                return (
                  <li key={check.key} data-check={check.key} data-passed={check.passed}>
                    <span className="welfare-name">{text(`check_${check.key}`, { days })}</span>
                    <span className={check.passed ? 'welfare-badge passed' : 'welfare-badge'}>{check.passed ? text('passed') : text('notPassed')}</span>
                    {check.passed ? null : fix ? <Link to={fix}>{text(`fix_${check.key}`)}</Link> : <span className="hint">{text(`fix_${check.key}`, { days })}</span>}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </PartView>
    </section>
  );
}

/** The member's bound cards as bank and last 4 digits, with the warning on a card another account shares. */
export function BankNoticePanel({ part }: { part: Part<BankNotice[]> }) {
  const text = usePageTexts(welfareTexts);
  return (
    <section className="welfare-panel welfare-bank-notice" aria-labelledby="welfare-bank-title">
      <h2 id="welfare-bank-title">{text('bankNotice')}</h2>
      <PartView part={part}>
        {(notices) =>
          notices.length === 0 ? (
            <p>
              {text('bankNoticeNone')} <Link to={IDENTITY_ROUTE.banks}>{text('bindCard')}</Link>
            </p>
          ) : (
            <ul className="welfare-list">
              {notices.map((notice, index) => (
                <li key={`${notice.cardTail}-${index}`} data-card-tail={notice.cardTail} data-shared={notice.sharedWithAnotherAccount}>
                  <span className="welfare-name">{text('cardTail', { bank: notice.bankName, tail: notice.cardTail })}</span>
                  {notice.sharedWithAnotherAccount ? (
                    <span className="welfare-warning" role="note">
                      <span className="welfare-badge warning">{text('sharedBadge')}</span> {text('sharedCard')}
                    </span>
                  ) : (
                    <span className="hint">{text('cardOk')}</span>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </PartView>
    </section>
  );
}
