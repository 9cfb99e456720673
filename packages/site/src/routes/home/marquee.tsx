import { useStore } from '@nanostores/react';
import { $language, localized, type CallResponse, type domainNotices } from '@lobby/sdk';
import type { ApiLoad } from '../../app/use-api.js';
import { useText } from '../../i18n/use-text.js';

/** The scrolling notice marquee (domain notices, home loads them); still under prefers-reduced-motion (site.css). */
export function Marquee({ load: { data } }: { load: ApiLoad<CallResponse<typeof domainNotices>> }) {
  const language = useStore($language);
  const text = useText();
  if (!data || data.length === 0) return null;
  return (
    <div className="marquee" role="region" aria-label={text('notices')}>
      <p className="marquee-track">
        {data.map((notice) => (
          <span key={notice.id}>{localized(notice.content, language)}</span>
        ))}
      </p>
    </div>
  );
}
