import { useStore } from '@nanostores/react';
import { $siteConfig } from '@lobby/sdk';
import { useText } from '../i18n/use-text.js';

/** The site footer. */
export function Footer() {
  const siteConfig = useStore($siteConfig);
  const text = useText();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>{text('footer')}</p>
        {siteConfig ? <p>© {siteConfig.title}</p> : null}
      </div>
    </footer>
  );
}
