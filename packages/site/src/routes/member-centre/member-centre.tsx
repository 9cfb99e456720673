import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $session, defineTexts } from '@lobby/sdk';
import { routeTitle } from '../../i18n/route-titles.js';
import { usePageTitle } from '../../layout/page-title.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { memberMenu } from './menu.js';

const texts = defineTexts(
  { menu: '个人中心菜单', signInFirst: '请先登录。个人中心只对已登录的会员开放。' },
  { menu: 'Member centre menu', signInFirst: 'Please log in first. The member centre is for logged-in members only.' },
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
