import { useStore } from '@nanostores/react';
import { $siteConfig, type VipInfo } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { vipTexts } from './texts.js';
import { badgeOf, formatYuan } from './vip-view.js';

/** The member's level with its badge, progress to the next level by deposits and turnover, benefits and limits. */
export function VipSummary({ info }: { info: VipInfo }) {
  const text = usePageTexts(vipTexts);
  const config = useStore($siteConfig);
  const badge = badgeOf(config?.vipIcons, info.level);
  const progress = info.memberChangeInfo;
  const top = info.level >= info.memberGradeConfigList.length - 1;
  const yuan = (amount: number) => text('yuan', { amount: formatYuan(amount) });
  return (
    <section className="vip-summary" aria-labelledby="vip-my-level">
      <h2 id="vip-my-level">{text('myLevel')}</h2>
      <div className="vip-level">
        {badge ? <img src={badge} alt={info.level_name} width={48} height={48} /> : null}
        <p className="vip-level-name">{text('currentLevel', { name: info.level_name })}</p>
      </div>
      <div className="vip-progress">
        <p>{top ? text('topLevel') : text('nextLevel', { level: info.level + 1 })}</p>
        <progress max={100} value={info.to_next_level_percent} aria-label={text('progress', { percent: info.to_next_level_percent })} />
        <p>{text('progress', { percent: info.to_next_level_percent })}</p>
        <p>{text('depositProgress', { total: formatYuan(progress.totalRecharge), need: formatYuan(info.upgrade_deposit) })}</p>
        <p>{text('turnoverProgress', { total: formatYuan(progress.totalRecord), need: formatYuan(info.upgrade_record) })}</p>
        <p className="vip-note">{text('turnoverNote')}</p>
      </div>
      <h3>{text('bonuses')}</h3>
      <dl className="vip-benefits">
        <dt>{text('upgradeBonus')}</dt>
        <dd>{yuan(info.upgrade_gift)}</dd>
        <dt>{text('birthCash')}</dt>
        <dd>{yuan(info.birth_gift)}</dd>
        <dt>{text('monthGift')}</dt>
        <dd>{yuan(info.every_month_gift)}</dd>
        <dt>{text('withdrawCount')}</dt>
        <dd>{info.withdraw_count}</dd>
        <dt>{text('withdrawMax')}</dt>
        <dd>{yuan(info.withdraw_max)}</dd>
        <dt>{text('received')}</dt>
        <dd>{yuan(info.grade_discount)}</dd>
      </dl>
    </section>
  );
}

/** The brand's grades v0 to v10 with badges, thresholds, bonuses and limits. */
export function GradeTable({ info }: { info: VipInfo }) {
  const text = usePageTexts(vipTexts);
  const config = useStore($siteConfig);
  return (
    <section className="vip-grades" aria-labelledby="vip-grades-title">
      <h2 id="vip-grades-title">{text('grades')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{text('level')}</th>
            <th scope="col">{text('upgradeDeposit')}</th>
            <th scope="col">{text('upgradeFlows')}</th>
            <th scope="col">{text('upgradeBonus')}</th>
            <th scope="col">{text('birthCash')}</th>
            <th scope="col">{text('monthGift')}</th>
            <th scope="col">{text('withdrawCount')}</th>
            <th scope="col">{text('withdrawMax')}</th>
          </tr>
        </thead>
        <tbody>
          {info.memberGradeConfigList.map((grade) => {
            const badge = badgeOf(config?.vipIcons, grade.level);
            return (
              <tr key={grade.level} className={grade.level === info.level ? 'vip-current' : undefined} aria-current={grade.level === info.level ? 'true' : undefined}>
                <th scope="row">
                  {badge ? <img src={badge} alt="" width={24} height={24} /> : null} {grade.name}
                </th>
                <td>{formatYuan(grade.upgradeDeposit)}</td>
                <td>{formatYuan(grade.upgradeFlows)}</td>
                <td>{formatYuan(grade.upgradeBonus)}</td>
                <td>{formatYuan(grade.birthCash)}</td>
                <td>{formatYuan(grade.monthGift)}</td>
                <td>{grade.dayWithdrawalCounts}</td>
                <td>{formatYuan(grade.dayWithdrawalMoney)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The member's grade changes, newest first. */
export function ChangeHistory({ info }: { info: VipInfo }) {
  const text = usePageTexts(vipTexts);
  return (
    <section className="vip-history" aria-labelledby="vip-history-title">
      <h2 id="vip-history-title">{text('history')}</h2>
      {info.memberInfoChangeList.length === 0 ? (
        <p>{text('noHistory')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{text('changedAt')}</th>
              <th scope="col">{text('change')}</th>
            </tr>
          </thead>
          <tbody>
            {info.memberInfoChangeList.map((change) => (
              <tr key={`${change.changedAt}-${change.toGrade}`}>
                <td>
                  <DateTime at={change.changedAt} />
                </td>
                <td>{text('upgraded', { from: change.fromGrade, to: change.toGrade })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
