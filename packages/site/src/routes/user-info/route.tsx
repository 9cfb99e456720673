import { useState } from 'react';
import { usePageTexts } from '../../i18n/page-texts.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { IdentityVerifyPanel } from '../../modules/identity-verify/identity-verify-panel.js';
import { AddressPanel } from './address-panel.js';
import { ProfilePanel } from './profile-panel.js';
import { userInfoTexts } from './texts.js';
import { useProfile } from './use-profile.js';

/** /app/myCenter/userInfo: basic info (phone, nickname, real name, e-mail, birthday) and the address tab. */
export function UserInfoPage() {
  return (
    <MemberCentre>
      <UserInfo />
    </MemberCentre>
  );
}

type Tab = 'profile' | 'address';

function UserInfo() {
  const text = usePageTexts(userInfoTexts);
  const { info, preInfo, error, apply } = useProfile();
  const [tab, setTab] = useState<Tab>('profile');
  const tabs: [Tab, string][] = [
    ['profile', text('profileTab')],
    ['address', text('addressTab')],
  ];
  return (
    <div className="user-info">
      <div className="user-info-tabs" role="tablist" aria-label={text('tabs')}>
        {tabs.map(([id, label]) => (
          <button key={id} id={`user-info-tab-${id}`} type="button" role="tab" aria-selected={tab === id} aria-controls={`user-info-panel-${id}`} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div id={`user-info-panel-${tab}`} role="tabpanel" aria-labelledby={`user-info-tab-${tab}`}>
        {tab === 'address' ? (
          <AddressPanel />
        ) : info ? (
          <>
            <ProfilePanel info={info} preInfo={preInfo} apply={apply} />
            <IdentityVerifyPanel />
          </>
        ) : error ? (
          <p className="notice error" role="alert">
            {error}
          </p>
        ) : (
          <p className="notice">{text('loading')}</p>
        )}
      </div>
    </div>
  );
}
