import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';

/**
 * The page of every route whose features are not built yet: its title inside the real
 * layout and a plain statement that there is nothing to use, never made-up data.
 */
export function PlaceholderPage() {
  const title = usePageTitle();
  const text = useText();
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p className="notice">{text('notBuilt')}</p>
    </section>
  );
}
