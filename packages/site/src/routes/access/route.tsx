import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';

/** /access-forbid (this region or address may not use the site) and /access-alert (a warning with a way on). */
export function AccessPage() {
  const title = usePageTitle();
  const text = useText();
  const forbidden = /access-forbid/i.test(useLocation().pathname);
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p className="notice">{forbidden ? text('accessForbid') : text('accessAlert')}</p>
      {forbidden ? null : <Link to="/app/home">{text('home')}</Link>}
    </section>
  );
}
