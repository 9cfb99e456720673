import { Link, useSearchParams } from 'react-router-dom';
import { usePageTexts } from '../../i18n/page-texts.js';
import { usePageTitle } from '../../layout/page-title.js';
import { backPath } from '../venues/venue-types.js';
import { launchTargetOf } from './launch-link.js';
import { LaunchView, type LaunchMode } from './launch-view.js';
import { launchTexts } from './texts.js';

/** /loading: the launch page that opens the game over this tab; Close comes back to the lobby. */
export function LoadingPage() {
  return <LaunchPage mode="page" />;
}

/** /ptLoading: the same launch in a window of its own (opened from a lobby's "new window" link); Close closes that window. */
export function PtLoadingPage() {
  return <LaunchPage mode="window" />;
}

function LaunchPage({ mode }: { mode: LaunchMode }) {
  const title = usePageTitle();
  const t = usePageTexts(launchTexts);
  const [query] = useSearchParams();
  const target = launchTargetOf(query);
  const backTo = backPath(query.get('from'));
  return (
    <section className="launch-page">
      <h1 className="page-title">{title}</h1>
      {target ? (
        <LaunchView key={query.toString()} target={target} mode={mode} backTo={backTo} />
      ) : (
        <>
          <p className="notice">{t('noGame')}</p>
          <Link className="button secondary" to={backTo}>
            {t('backToLobby')}
          </Link>
        </>
      )}
    </section>
  );
}
