import { describe, expect, it } from 'vitest';
import { pickLanguage, resolveConfig, widgetLanguage } from '@lobby/widgets';

describe('widget config', () => {
  it('maps language tags to the languages the widgets speak', () => {
    expect(widgetLanguage('en-GB')).toBe('en');
    expect(widgetLanguage('zh-TW')).toBe('zh-CN');
    expect(widgetLanguage('fr')).toBeUndefined();
    expect(widgetLanguage(null)).toBeUndefined();
  });

  it('takes the lang attribute, then the page config, then the page and browser, then zh-CN', () => {
    expect(pickLanguage(['en', 'zh-CN'])).toBe('en');
    expect(pickLanguage([null, 'en', 'zh-CN'])).toBe('en');
    expect(pickLanguage([null, undefined, 'de', 'en-US'])).toBe('en');
    expect(pickLanguage(['de', 'fr'])).toBe('zh-CN');
  });

  it('reads api base and site id from attributes before the page-wide config', () => {
    expect(resolveConfig({ apiBase: 'https://api.example/', siteId: '7', lang: 'en' }, { apiBase: 'https://other', siteId: 4 })).toEqual({
      apiBase: 'https://api.example',
      siteId: 7,
      lang: 'en',
      signKey: undefined,
    });
    expect(resolveConfig({ apiBase: null, siteId: null, lang: null }, { apiBase: 'https://api.example', siteId: 4, lang: 'en' })).toEqual({
      apiBase: 'https://api.example',
      siteId: 4,
      lang: 'en',
      signKey: undefined,
    });
  });

  it('ignores a site id that is not a whole number', () => {
    expect(resolveConfig({ apiBase: null, siteId: 'four', lang: null }, {}).siteId).toBeUndefined();
  });
});
