import { useParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, localized, sponsorDetail, sponsorPreview } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTitle } from '../../layout/page-title.js';

/** /sponsor/{brand}/{sponsor} (by slug) and /app/sponsorModel/{sponsorId}: a published sponsor. */
export function SponsorPage() {
  const { sponsor, sponsorId } = useParams();
  const id = Number(sponsorId);
  const load = useApi(sponsorDetail, sponsor ? { slug: sponsor } : Number.isInteger(id) && id > 0 ? { sponsorId: id } : { slug: '' });
  return <SponsorView load={load} />;
}

/** /sponsorModelTemp/{sponsorId}: the preview, drafts included. */
export function SponsorPreviewPage() {
  const id = Number(useParams().sponsorId);
  const load = useApi(sponsorPreview, { sponsorId: Number.isInteger(id) && id > 0 ? id : 1 });
  return <SponsorView load={load} />;
}

function SponsorView({ load }: { load: ReturnType<typeof useApi<typeof sponsorDetail>> }) {
  const title = usePageTitle();
  const language = useStore($language);
  const pick = (text: { zh: string; en: string }) => localized(text, language);
  const sponsor = load.data;
  return (
    <section className="sponsor-page">
      <h1 className="page-title">{sponsor ? pick(sponsor.name) : title}</h1>
      {load.error ? (
        <p className="notice error" role="alert">
          {load.error}
        </p>
      ) : null}
      {sponsor ? (
        <>
          <img className="sponsor-image" src={sponsor.imageUrl} alt={pick(sponsor.name)} />
          <p>{pick(sponsor.summary)}</p>
          <p>{pick(sponsor.body)}</p>
        </>
      ) : null}
    </section>
  );
}
