import { describe, expect, it } from 'vitest';
import { defineTexts, fillText, localized, textIn, textProblems, translator } from '@lobby/sdk';
import { errorCatalogueEn, errorCatalogueZhCN } from './error-catalogue.js';
import { en, zhCN } from './messages.js';

const deleted = { one: '{count} message deleted', other: '{count} messages deleted' };

describe('texts', () => {
  it('fill placeholders and leave unknown ones as written', () => {
    expect(fillText('Hello {name}, {missing}', { name: 'Ann' })).toBe('Hello Ann, {missing}');
    expect(fillText('No placeholders')).toBe('No placeholders');
  });

  it('pick plural forms through Intl.PluralRules in the language', () => {
    expect(fillText(deleted, { count: 1 }, 'en')).toBe('1 message deleted');
    expect(fillText(deleted, { count: 3 }, 'en')).toBe('3 messages deleted');
    expect(fillText(deleted, { count: 0 }, 'en')).toBe('0 messages deleted');
    // Chinese has one plural category: 'other'.
    expect(fillText({ other: '已删除 {count} 条消息' }, { count: 1 }, 'zh-CN')).toBe('已删除 1 条消息');
  });

  it('look up by language, zh-CN for a language lobby does not speak', () => {
    const texts = defineTexts({ close: '关闭', deleted: { other: '已删除 {count} 条' } }, { close: 'Close', deleted });
    expect(textIn(texts, 'en', 'close')).toBe('Close');
    expect(textIn(texts, 'ja', 'close')).toBe('关闭');
    expect(translator(texts)('en', 'deleted', { count: 1 })).toBe('1 message deleted');
  });

  it('read the server’s two-language content', () => {
    expect(localized({ zh: '欢迎', en: 'Welcome' }, 'en')).toBe('Welcome');
    expect(localized({ zh: '欢迎', en: 'Welcome' }, 'zh-CN')).toBe('欢迎');
  });

  it('find a missing twin and an English text that starts lower-case', () => {
    const broken = { 'zh-CN': { a: '甲', b: '乙' }, en: { a: 'lower case', c: 'Orphan' } } as never;
    expect(textProblems(broken)).toEqual(['zh-CN.b has no en twin', 'en.c has no zh-CN twin', "en.a starts lower-case: 'lower case'"]);
  });

  it('the sdk’s messages and error catalogue: every key in both languages, every English text a capitalised sentence', () => {
    expect(textProblems(defineTexts(zhCN, en))).toEqual([]);
    expect(textProblems(defineTexts(errorCatalogueZhCN, errorCatalogueEn))).toEqual([]);
  });
});
