import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $siteConfig, localized, navigationList, type NavigationItem } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { useText } from '../i18n/use-text.js';
import { useShownPaths } from '../modules/control-switches/use-control-switches.js';
import { safeHref } from '../modules/safe-href.js';

/** The side floating navigation, on brands whose base config says `sideNav`. */
export function SideNav() {
  const siteConfig = useStore($siteConfig);
  const language = useStore($language);
  const { client } = useLobby();
  const text = useText();
  const [items, setItems] = useState<NavigationItem[]>([]);
  const shown = siteConfig?.sideNav === true;

  useEffect(() => {
    if (!shown) return;
    let current = true;
    client.call(navigationList, {}).then(
      (list) => current && setItems(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, shown]);

  const pathOn = useShownPaths(); // general control switches hide their routes
  if (!shown || items.length === 0) return null;
  return (
    <nav className="side-nav" aria-label={text('sideNav')}>
      {items.filter((item) => safeHref(item.path, ['path']) && pathOn(item.path)).map((item) => (
        <Link key={item.code} to={item.path}>
          {localized(item.title, language)}
        </Link>
      ))}
    </nav>
  );
}
