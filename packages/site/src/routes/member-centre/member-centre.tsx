import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $session, defineTexts } from '@lobby/sdk';
import { routeTitle } from '../../i18n/route-titles.js';
import { usePageTitle } from '../../layout/page-title.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { memberMenu } from './menu.js';

const texts = defineTexts(
  { menu: '个人中心菜单', signInFirst: '请先登录。个人中心只对已登录的会员开放。', notBuilt: '此页面的功能尚未完成。这里没有可用的内容。' },
  { menu: 'Member centre menu', signInFirst: 'Please log in first. The member centre is for logged-in members only.', notBuilt: 'This page is not built yet. There is nothing to use here.' },
);

/**
 * The frame of every member-centre page: the menu beside the page, and for a visitor
 * without a session a plain request to log in instead of the page (the page's calls
 * would all be refused).
 *
 * @example <MemberCentre><DepositForm /></MemberCentre>
 */
export function MemberCentre({ children }: { children: ReactNode }) {
  const session = useStore($session);
  const language = useStore($language);
  const title = usePageTitle();
  const t = usePageTexts(texts);
  return (
    <div className="member-centre">
      <nav className="member-menu" aria-label={t('menu')}>
        {memberMenu.map((entry) => (
          <NavLink key={entry.path} to={entry.path} end>
            {routeTitle(entry.title, language)}
          </NavLink>
        ))}
      </nav>
      <section className="member-page">
        <h1 className="page-title">{title}</h1>
        {session === null ? (
          <p className="notice" role="status">
            {t('signInFirst')}
          </p>
        ) : (
          children
        )}
      </section>
    </div>
  );
}

/** A member-centre page whose features are not built yet: the frame and a plain statement. */
export function MemberPageNotBuilt() {
  const t = usePageTexts(texts);
  return (
    <MemberCentre>
      <p className="notice">{t('notBuilt')}</p>
    </MemberCentre>
  );
}
