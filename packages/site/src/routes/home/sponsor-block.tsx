import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, localized, type CallResponse, type sponsorList } from '@lobby/sdk';
import type { ApiLoad } from '../../app/use-api.js';
import { useText } from '../../i18n/use-text.js';

/** The sponsor block: published sponsors, each linking to its page (home loads them). */
export function SponsorBlock({ load: { data } }: { load: ApiLoad<CallResponse<typeof sponsorList>> }) {
  const language = useStore($language);
  const text = useText();
  if (!data || data.length === 0) return null;
  return (
    <section className="sponsor-block" aria-label={text('sponsors')}>
      <h2>{text('sponsors')}</h2>
      {data.map((sponsor) => {
        const name = localized(sponsor.name, language);
        return (
          <Link key={sponsor.id} className="sponsor-card" to={`/sponsor/${sponsor.brand}/${sponsor.slug}`}>
            <img src={sponsor.imageUrl} alt={name} />
            <span>{localized(sponsor.summary, language)}</span>
          </Link>
        );
      })}
    </section>
  );
}
