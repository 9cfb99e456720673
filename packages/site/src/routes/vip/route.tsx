import { MemberPageNotBuilt } from '../member-centre/member-centre.js';

/** Not built yet: the member-centre frame and a plain statement (docs/FEATURES.md). */
export function VipPage() {
  return <MemberPageNotBuilt />;
}
