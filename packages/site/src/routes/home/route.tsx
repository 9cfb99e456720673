import { useStore } from '@nanostores/react';
import { $siteConfig } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { useText } from '../../i18n/use-text.js';

/** /app/home: the brand title; banners, notices, categories and widgets come later. */
export function HomePage() {
  const siteConfig = useStore($siteConfig);
  const { config } = useLobby();
  const text = useText();
  return (
    <section>
      <h1 className="page-title">{siteConfig?.title ?? config.brand}</h1>
      <p className="notice">{text('homeIntro')}</p>
    </section>
  );
}
