import { useText } from '../i18n/use-text.js';

/**
 * Shown in place of a page that failed (its chunk did not load, or it threw). Retrying
 * reloads the page, which also fetches a chunk of a newer deployment.
 */
export function RouteError() {
  const text = useText();
  return (
    <div className="notice error" role="alert">
      <p>{text('pageFailed')}</p>
      <button className="button" type="button" onClick={() => window.location.reload()}>
        {text('retry')}
      </button>
    </div>
  );
}
