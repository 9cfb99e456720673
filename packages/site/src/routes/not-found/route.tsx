import { Link } from 'react-router-dom';
import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';

/** /404, where unknown paths are sent. */
export function NotFoundPage() {
  const title = usePageTitle();
  const text = useText();
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p>
        <Link to="/app/home">{text('home')}</Link>
      </p>
    </section>
  );
}
