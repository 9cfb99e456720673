import { describe, expect, it } from 'vitest';
import { leavesPage, promptOn } from './leave-pay.js';

const here = 'http://127.0.0.1:3000/app/myCenter/deposit?tab=1';
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const link = (href: string, extra: Partial<{ target: string; hasDownload: boolean }> = {}) => ({ href, target: '', hasDownload: false, ...extra });

describe('leave-pay-window prompt rules', () => {
  it('asks for a plain click on a link to another page, path or query, in the site or out of it', () => {
    expect(leavesPage(link('/app/home'), click, here)).toBe(true);
    expect(leavesPage(link('http://127.0.0.1:3000/app/myCenter/deposit?tab=2'), click, here)).toBe(true);
    expect(leavesPage(link('https://example.com/'), click, here)).toBe(true);
    expect(leavesPage(link('/app/home', { target: '_self' }), click, here)).toBe(true);
  });

  it('does not ask when nothing leaves the page in this tab', () => {
    expect(leavesPage(link('#help'), click, here)).toBe(false);
    expect(leavesPage(link('/app/myCenter/deposit?tab=1#top'), click, here)).toBe(false);
    expect(leavesPage(link('/app/home', { target: '_blank' }), click, here)).toBe(false);
    expect(leavesPage(link('/receipt.pdf', { hasDownload: true }), click, here)).toBe(false);
    expect(leavesPage(link('mailto:cs@example.com'), click, here)).toBe(false);
    expect(leavesPage(link('/app/home'), { ...click, ctrlKey: true }, here)).toBe(false);
    expect(leavesPage(link('/app/home'), { ...click, metaKey: true }, here)).toBe(false);
    expect(leavesPage(link('/app/home'), { ...click, button: 1 }, here)).toBe(false);
    expect(leavesPage(link('/app/home'), { ...click, defaultPrevented: true }, here)).toBe(false);
  });

  it('is on only for an open payment with config status 1', () => {
    expect(promptOn(true, 1)).toBe(true);
    expect(promptOn(true, 0)).toBe(false);
    expect(promptOn(true, null)).toBe(false);
    expect(promptOn(false, 1)).toBe(false);
  });
});
