import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, bannerListV2, localized, type CallResponse } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { pageBootData } from '../../layout/boot-data.js';
import { useText } from '../../i18n/use-text.js';
import { isAppPath, safeHref } from '../../modules/safe-href.js';

/** The banners the page's HTML carried (home's boot data), else those of the API. */
function BootBanners() {
  const boot = pageBootData().banners;
  return boot ? <BannerCarousel data={boot} error="" /> : <ApiBanners />;
}

function ApiBanners() {
  const { data, error } = useApi(bannerListV2, {});
  return <BannerCarousel data={data} error={error} />;
}

/** The banner carousel (banners v2: list and interval); dots pick a banner. */
export function Banners() {
  return <BootBanners />;
}

function BannerCarousel({ data, error }: { data: CallResponse<typeof bannerListV2> | undefined; error: string }) {
  const language = useStore($language);
  const text = useText();
  const [index, setIndex] = useState(0);
  const count = data?.list.length ?? 0;

  useEffect(() => {
    if (!data || count < 2) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), data.intervalMs);
    return () => clearInterval(timer);
  }, [data, count]);

  if (error) return <p className="notice error">{error}</p>;
  if (!data || count === 0) return null;
  const banner = data.list[index % count]!;
  const label = localized(banner.title, language);
  const href = safeHref(banner.link);
  // The first banner is home's largest paint (LCP): ask for it first.
  const image = <img key={banner.id} className="banner-image" src={banner.imageUrl} alt={label} fetchPriority={index === 0 ? 'high' : 'auto'} />;
  return (
    <div className="banners" role="region" aria-roledescription="carousel" aria-label={text('banners')}>
      {!href ? image : isAppPath(href) ? (
        <Link to={href}>{image}</Link>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      )}
      <div className="banner-dots">
        {data.list.map((item, position) => (
          <button
            key={item.id}
            type="button"
            aria-label={localized(item.title, language)}
            aria-current={position === index % count}
            onClick={() => setIndex(position)}
          />
        ))}
      </div>
    </div>
  );
}
