import { useCallback, useEffect, useState } from 'react';
import { initLanguage, setSiteConfig, siteBaseConfig } from '@lobby/sdk';
import { pageBootData } from '../layout/boot-data.js';
import { useLobby } from './lobby-context.js';

/** The state of loading the site base config. */
export interface SiteConfigLoad {
  /** Set when the last attempt failed (server unreachable or refused). */
  failed: boolean;
  retry(): void;
}

// Applied before the first render, so home's first paint already has the brand.
const bootConfig = pageBootData().baseConfig;
if (bootConfig) {
  setSiteConfig(bootConfig);
  initLanguage(bootConfig.language);
}

/**
 * Loads the brand's base config once into `$siteConfig` and applies its language rule
 * (spec section 5: the stored language only if the site lists it).
 *
 * @example const { failed, retry } = useSiteConfigLoader()
 */
export function useSiteConfigLoader(): SiteConfigLoad {
  const { client } = useLobby();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // The home page's HTML carries the config (layout/boot-data.ts): no round trip.
    const boot = attempt === 0 ? pageBootData().baseConfig : null;
    if (boot) return;
    let current = true;
    client.call(siteBaseConfig, {}).then(
      (config) => {
        if (!current) return;
        setSiteConfig(config);
        initLanguage(config.language);
        setFailed(false);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [client, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { failed, retry };
}
