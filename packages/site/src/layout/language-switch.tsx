import { useStore } from '@nanostores/react';
import { $language, $siteConfig, LANGUAGES, isLanguage, setLanguage } from '@lobby/sdk';
import { useText } from '../i18n/use-text.js';

const languageNames: Record<string, string> = { 'zh-CN': '中文', en: 'English' };

/** Switches between the languages the site lists and the sdk has texts for (zh-CN, en). */
export function LanguageSwitch() {
  const language = useStore($language);
  const siteConfig = useStore($siteConfig);
  const text = useText();
  const offered = (siteConfig?.language.list ?? LANGUAGES).filter(isLanguage);
  if (offered.length < 2) return null;
  return (
    <div className="language-switch" role="group" aria-label={text('language')}>
      {offered.map((code) => (
        <button key={code} type="button" lang={code} aria-pressed={code === language} onClick={() => setLanguage(code)}>
          {languageNames[code] ?? code}
        </button>
      ))}
    </div>
  );
}
