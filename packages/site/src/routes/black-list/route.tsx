import { useNavigate } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { BLACKLIST_FROM_KEY, type FromBlackListState } from '../../layout/activity-guard.js';
import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';
import { safeStorage } from '../../modules/safe-storage.js';
import { blackListTexts } from './texts.js';

const session = safeStorage(() => globalThis.sessionStorage);

/**
 * /blackList: where intercepted activity pages land (a visitor, or a member on the promotion
 * blacklist); it says which, and "go back" returns to the kept path and query.
 */
export function BlackListPage() {
  const title = usePageTitle();
  const text = useText();
  const t = usePageTexts(blackListTexts);
  const loggedIn = Boolean(useStore($session)?.token);
  const navigate = useNavigate();
  const from = session.get(BLACKLIST_FROM_KEY);
  const back = () => {
    const state: FromBlackListState = { fromBlackList: true };
    if (from) void navigate(from, { state });
    else void navigate('/app/home');
  };
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p className="notice">{text('blackListed')}</p>
      <p className="hint">{loggedIn ? t('excluded') : t('visitor')}</p>
      <button className="button" type="button" onClick={back}>
        {text('goBack')}
      </button>
    </section>
  );
}
