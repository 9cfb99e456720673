import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $member, $session } from '@lobby/sdk';
import { authTexts } from '../app/auth/auth-texts.js';
import {
  BIND_PHONE_LATER_KEY,
  BIND_PHONE_PATH,
  CHANGE_PASSWORD_PATH,
  PASSWORD_WEAK_KEY,
  bindPhoneLater,
  clearSessionFlags,
  dismissPrompt,
  needsBindPhone,
  passwordWeak,
} from '../app/auth/session-flags.js';
import { usePageTexts } from '../i18n/page-texts.js';

/**
 * The after-login prompts (spec section 4, "Login"), shown under the header and never
 * modal, so they block nothing: bind a phone when the member has none (linking to the
 * user-info page's bind-phone form), change a weak password (from the session-storage
 * flag). Neither shows on the page it links to. "Later" puts a prompt off until the next login; the flags go with the session.
 */
export function SessionPrompts() {
  const session = useStore($session);
  const member = useStore($member);
  const t = usePageTexts(authTexts);
  const { pathname } = useLocation();
  const [, setDismissals] = useState(0);
  useEffect(() => {
    if (session === null) clearSessionFlags();
  }, [session]);
  if (session === null) return null;
  // Not on the page the prompt links to: the member is already there.
  const samePage = (path: string) => pathname.toLowerCase() === path.toLowerCase();
  const bindPhone = needsBindPhone(member) && !bindPhoneLater() && !samePage(BIND_PHONE_PATH);
  const weak = passwordWeak() && !samePage(CHANGE_PASSWORD_PATH);
  if (!bindPhone && !weak) return null;
  const later = (key: typeof PASSWORD_WEAK_KEY | typeof BIND_PHONE_LATER_KEY) => {
    dismissPrompt(key);
    setDismissals((count) => count + 1);
  };
  return (
    <div className="session-prompts">
      {bindPhone ? (
        <div className="session-prompt">
          <p>
            <strong>{t('bindPhoneTitle')}</strong> {t('bindPhoneBody')}
          </p>
          <Link className="button" to={BIND_PHONE_PATH}>
            {t('bindPhoneGo')}
          </Link>
          <button className="link-button" type="button" onClick={() => later(BIND_PHONE_LATER_KEY)}>
            {t('later')}
          </button>
        </div>
      ) : null}
      {weak ? (
        <div className="session-prompt">
          <p>
            <strong>{t('weakPasswordTitle')}</strong> {t('weakPasswordBody')}
          </p>
          <Link className="button" to={CHANGE_PASSWORD_PATH}>
            {t('weakPasswordGo')}
          </Link>
          <button className="link-button" type="button" onClick={() => later(PASSWORD_WEAK_KEY)}>
            {t('later')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
