import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $siteConfig } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { LanguageSwitch } from './language-switch.js';
import { SessionControls } from './session-controls.js';
import { SessionPrompts } from './session-prompts.js';

/** The site header: brand title and logo from the base config, language, sign-in, after-login prompts. */
export function Header() {
  const siteConfig = useStore($siteConfig);
  const { config } = useLobby();
  const title = siteConfig?.title ?? config.brand;
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link className="brand" to="/app/home">
          {siteConfig?.logoUrl ? <img src={siteConfig.logoUrl} alt="" /> : null}
          <span>{title}</span>
        </Link>
        <div className="site-header-tools">
          <LanguageSwitch />
          <SessionControls />
        </div>
      </div>
      <SessionPrompts />
    </header>
  );
}
