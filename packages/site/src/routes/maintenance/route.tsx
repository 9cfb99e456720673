import { useStore } from '@nanostores/react';
import { $language, $siteConfig, formatDateTime } from '@lobby/sdk';
import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';

/** /maintenance and /app/maintenance: the window from the base config, when there is one. */
export function MaintenancePage() {
  const title = usePageTitle();
  const text = useText();
  const language = useStore($language);
  const window = useStore($siteConfig)?.maintenance;
  const format = (ms: number) => formatDateTime(ms, language);
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <p className="notice">
        {window ? text('maintenanceWindow', { start: format(window.start), end: format(window.end) }) : text('maintenanceNone')}
      </p>
    </section>
  );
}
