import { useEffect, useState } from 'react';
import { LAZY_LOAD_DELAY_MS } from '@lobby/sdk';
import { useText } from '../i18n/use-text.js';


/** The Suspense fallback while a page's chunk loads: a loading line after the delay. */
export function DelayedFallback() {
  const text = useText();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LAZY_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <p className="page-loading" role="status">
      {text('loading')}
    </p>
  ) : null;
}
