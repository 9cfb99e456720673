import { useCallback, useEffect, useState } from 'react';
import { initLanguage, setSiteConfig, siteBaseConfig } from '@lobby/sdk';
import { useLobby } from './lobby-context.js';

/** The state of loading the site base config. */
export interface SiteConfigLoad {
  /** Set when the last attempt failed (server unreachable or refused). */
  failed: boolean;
  retry(): void;
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
