import { usePageTexts } from '../../i18n/page-texts.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { vipTexts } from './texts.js';
import { useVip } from './use-vip.js';
import { VipGifts } from './vip-gifts.js';
import { ChangeHistory, GradeTable, VipSummary } from './vip-summary.js';

/** /app/vip: the member's level and progress, benefits and limits, VIP gifts and birthday bonus, grades v0 to v10, level changes. */
export function VipPage() {
  return (
    <MemberCentre>
      <Vip />
    </MemberCentre>
  );
}

function Vip() {
  const text = usePageTexts(vipTexts);
  const { info, gifts, error, reload } = useVip();
  if (error) {
    return (
      <p className="notice error" role="alert">
        {error}
      </p>
    );
  }
  if (!info) return <p className="notice">{text('loading')}</p>;
  return (
    <div className="vip-page">
      <VipSummary info={info} />
      <VipGifts info={info} gifts={gifts} onClaimed={reload} />
      <GradeTable info={info} />
      <ChangeHistory info={info} />
    </div>
  );
}
