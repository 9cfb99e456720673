import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language } from '@lobby/sdk';
import { CHANGE_PASSWORD_PATH } from '../../app/auth/session-flags.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { memberNoticeTexts } from './texts.js';
import { useSecurityNotices, useSpecialNotice } from './use-member-notices.js';

/** The special notice and the security notices, under the header; never modal. */
export function MemberNotices() {
  return (
    <>
      <SpecialNoticeBanner />
      <SecurityNotices />
    </>
  );
}

function SpecialNoticeBanner() {
  const t = usePageTexts(memberNoticeTexts);
  const language = useStore($language);
  const { notice, close, hideForGood } = useSpecialNotice();
  if (!notice) return null;
  const english = language === 'en';
  return (
    <section className="session-prompts special-notice" aria-label={t('specialNotice')}>
      <div className="session-prompt">
        <p>
          <strong>{english ? notice.titleEn : notice.titleZh}</strong> {english ? notice.contentEn : notice.contentZh}
        </p>
        <button className="button" type="button" onClick={close}>
          {t('close')}
        </button>
        <button className="link-button" type="button" onClick={() => void hideForGood()}>
          {t('dontShowAgain')}
        </button>
      </div>
    </section>
  );
}

function SecurityNotices() {
  const t = usePageTexts(memberNoticeTexts);
  const language = useStore($language);
  const { list, dismiss } = useSecurityNotices();
  if (list.length === 0) return null;
  const timeOf = (at: number) => new Date(at).toLocaleString(language === 'en' ? 'en' : 'zh-CN');
  return (
    <section className="session-prompts security-notices" aria-label={t('securityTitle')}>
      {list.map((notice) => (
        <div className="session-prompt" key={notice.id}>
          <p>
            <strong>{t('securityTitle')}</strong> {t(notice.kind, { time: timeOf(notice.at), ip: notice.ip, device: notice.device })} {t('notMe')}
          </p>
          <Link className="button secondary" to={CHANGE_PASSWORD_PATH}>
            {t('changePassword')}
          </Link>
          <button className="link-button" type="button" onClick={() => void dismiss(notice.id)}>
            {t('itWasMe')}
          </button>
        </div>
      ))}
      {list.length > 1 ? (
        <button className="link-button" type="button" onClick={() => void dismiss()}>
          {t('dismissAll')}
        </button>
      ) : null}
    </section>
  );
}
