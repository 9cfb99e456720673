import { afterEach, describe, expect, it } from 'vitest';
import { $language, CODE, initLanguage, localStore, messageForCode, resolveLanguage, setLanguage, STORAGE_KEY, t } from '@lobby/sdk';
import { errorCatalogueEn, errorCatalogueZhCN } from './error-catalogue.js';
import { en, zhCN } from './messages.js';

afterEach(() => setLanguage('zh-CN'));

describe('resolveLanguage (spec section 5)', () => {
  it('keeps a stored language the site lists', () => {
    expect(resolveLanguage('en', ['zh-CN', 'en'], 'zh-CN')).toBe('en');
  });

  it('falls back to the site default when the stored one is not listed or missing', () => {
    expect(resolveLanguage('en', ['zh-CN'], 'zh-CN')).toBe('zh-CN');
    expect(resolveLanguage(null, ['zh-CN', 'en'], 'en')).toBe('en');
    expect(resolveLanguage('fr', ['zh-CN', 'en'])).toBe('zh-CN');
    expect(resolveLanguage('fr', [], '')).toBe('zh-CN');
  });

  it('initLanguage stores the resolved language', () => {
    localStore().setItem(STORAGE_KEY.language, 'en');
    expect(initLanguage({ default: 'zh-CN', list: ['zh-CN', 'en'] })).toBe('en');
    expect(initLanguage({ default: 'zh-CN', list: ['zh-CN'] })).toBe('zh-CN');
    expect(localStore().getItem(STORAGE_KEY.language)).toBe('zh-CN');
    expect($language.get()).toBe('zh-CN');
  });

  it('a language without messages becomes zh-CN', () => {
    expect(setLanguage('vi')).toBe('zh-CN');
  });
});

describe('t', () => {
  it('uses the current language, zh-CN by default', () => {
    expect(t('phoneEmpty')).toBe('手机号不能为空');
    setLanguage('en');
    expect(t('phoneEmpty')).toBe('The mobile number cannot be empty');
  });

  it('fills parameters and falls back to zh-CN for an unknown language', () => {
    expect(t('amountOutOfRange', { min: 1, max: 500000 }, 'en')).toBe('The amount must be between 1 and 500000');
    expect(t('amountOutOfRange', { min: 1 }, 'en')).toBe('The amount must be between 1 and {max}');
    expect(t('serverBusy', undefined, 'ja')).toBe('服务器繁忙，请稍后再试');
  });

  it('keeps the spec\'s English messages, as whole sentences with a capital letter', () => {
    expect(
      (['operationTooFrequent', 'amountRefreshed', 'orderNotFound', 'amountUpTo500000', 'phoneEmpty', 'phoneInvalid', 'platformNotSupported', 'recoverySuccessful', 'maintaining', 'serverBusy', 'dontRefresh'] as const).map(
        (key) => t(key, undefined, 'en'),
      ),
    ).toEqual([
      'The operation is too frequent, please try again later',
      'Amount refreshed',
      'Order information not found',
      'Amount up to 500000',
      'The mobile number cannot be empty',
      'Please enter a valid mobile number',
      'This platform does not support this number',
      'Recovery successful!',
      'Maintaining',
      'The server is busy, please try again later',
      "Please don't refresh so often",
    ]);
  });

  it('has every message in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhCN).sort());
    for (const text of [...Object.values(en), ...Object.values(zhCN)]) expect(text.trim()).not.toBe('');
  });
});

describe('error catalogue (spec section 8)', () => {
  it('has a message for every CODE entry in both languages', () => {
    for (const [name, code] of Object.entries(CODE)) {
      expect(errorCatalogueZhCN[name as keyof typeof CODE], name).toBeTruthy();
      expect(errorCatalogueEn[name as keyof typeof CODE], name).toBeTruthy();
      expect(messageForCode(code, 'en')).toBe(errorCatalogueEn[name as keyof typeof CODE]);
    }
  });

  it('answers by code and language, undefined for an unknown code', () => {
    expect(messageForCode(244303, 'en')).toBe('You have another order in progress');
    expect(messageForCode(244303)).toBe('您有一笔未完成的订单');
    expect(messageForCode(10425, 'en')).toBe('Authentication failure');
    expect(messageForCode(CODE.tooManyRequests, 'en')).toBe('The operation is too frequent, please try again later');
    expect(messageForCode(123, 'en')).toBeUndefined();
  });
});
