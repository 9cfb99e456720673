import type { ActivityConditions } from '@lobby/sdk';
import { usePageTexts, type PageTextLookup } from '../../../i18n/page-texts.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { activityTexts, type ActivityTextKey } from './texts.js';

type Text = PageTextLookup<ActivityTextKey>;

/**
 * The conditions of an activity in words, one line each (the engine's eligibility, caps and
 * one-reward rule); empty when anyone may take part.
 *
 * @example conditionLines({ requirePhone: true, oneRewardPer: [] }, text) // ['Needs a bound phone']
 */
export function conditionLines(conditions: ActivityConditions, text: Text): string[] {
  const lines: string[] = [];
  const money = (minor: number) => formatMinor(minor, 2);
  if (conditions.minDepositMinor) {
    lines.push(text(conditions.depositsSince === 'ever' ? 'condDepositEver' : 'condDeposit', { money: money(conditions.minDepositMinor) }));
  }
  if (conditions.minTurnoverMinor) lines.push(text('condTurnover', { money: money(conditions.minTurnoverMinor) }));
  if (conditions.minVipLevel) lines.push(text('condVip', { level: conditions.minVipLevel }));
  if (conditions.registeredWithinDays !== undefined) lines.push(text('condNewMember', { days: conditions.registeredWithinDays }));
  if (conditions.registeredBeforeStart) lines.push(text('condRegisteredBefore'));
  if (conditions.requirePhone) lines.push(text('condPhone'));
  if (conditions.requireRealName) lines.push(text('condRealName'));
  if (conditions.claimsPerMember !== undefined) lines.push(text('condClaims', { count: conditions.claimsPerMember }));
  if (conditions.perMemberMinor !== undefined) lines.push(text('condPerMember', { money: money(conditions.perMemberMinor) }));
  if (conditions.oneRewardPer.length > 0) {
    const words = conditions.oneRewardPer.map((key) => text(`identity_${key}` as ActivityTextKey));
    lines.push(text('condOnePer', { what: words.join(' / ') }));
  }
  return lines;
}

/**
 * The conditions of an activity as a list under a heading; "open to every member" when there
 * are none.
 *
 * @example <ConditionList conditions={detail.conditions} />
 */
export function ConditionList({ conditions }: { conditions: ActivityConditions }) {
  const text = usePageTexts(activityTexts);
  const lines = conditionLines(conditions, text);
  return (
    <section className="activity-panel" aria-labelledby="activity-conditions-title">
      <h2 id="activity-conditions-title">{text('conditions')}</h2>
      {lines.length === 0 ? (
        <p>{text('condNone')}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
