import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient, loginPayload, opsSpecialNoticePublish, registerMember } from '@lobby/sdk';
import { noisyPngOf } from '../packages/server/src/common/image.fixture.js';
import { axeViolations } from './support/axe.js';
import { logInOnHome, operatorClient } from './support/member-pages.js';
import { openPage, openWatchedPage, sandboxAnswer } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PASSWORD = 'calls-pass-1';

/**
 * The member calls in Chromium (issue 21; docs/MEMBER-CALLS.md): a member logs in by SMS
 * on the login form, sees the security notice of the new device and dismisses it,
 * uploads an avatar watching its progress bar and sees it, and dismisses the brand's
 * special notice for good (it stays gone after a reload and on another device; a visitor
 * still sees it).
 */
describe('member calls in the browser', () => {
  const { server, browser } = browserSuite();

  it('logs in by SMS, dismisses the security notice, uploads an avatar with progress, and dismisses the special notice for good', async () => {
    const phone = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const name = `calls${Date.now() % 1_000_000}`;
    const api = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null });
    await api.call(registerMember, { name, password: loginPayload(name, PASSWORD).password, areaCode: '+86', phone });

    const { context, page, watch } = await openWatchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await openPage(page, `${server.url}/app/home`);
      await page.getByRole('button', { name: '手机短信' }).click();
      const form = page.getByRole('form', { name: '手机短信' });
      await form.getByPlaceholder('手机号').fill(phone);
      await form.getByRole('button', { name: '获取验证码' }).click();
      await form.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      const { code } = await sandboxAnswer<{ code: string }>(server.url, `/sandbox/sms/${encodeURIComponent(`+86${phone}`)}`);
      await form.getByPlaceholder('验证码').fill(code);
      await form.getByRole('button', { name: '登录', exact: true }).click();
      await page.getByText(`欢迎，${name}`).waitFor();

      // Registered on another device: this login is a new device, until dismissed.
      const security = page.getByRole('region', { name: '安全提醒' });
      await security.getByText('在新设备').waitFor();
      await security.getByRole('button', { name: '是我本人' }).click();
      await expect.poll(() => security.count(), { timeout: 10_000 }).toBe(0);

      // The avatar: a 1.4 MB upload on a throttled line shows its progress, then the new avatar.
      await openPage(page, `${server.url}/app/myCenter/userInfo`);
      await page.getByRole('heading', { name: '头像' }).waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
      await page.locator('input[name="avatar"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: noisyPngOf(680) });
      const bar = page.getByRole('progressbar', { name: '头像上传进度' });
      await bar.waitFor();
      const seen = new Set<number>();
      await expect
        .poll(async () => {
          // evaluateAll does not wait for the bar, which goes when the upload ends.
          for (const value of await bar.evaluateAll((bars) => bars.map((element) => (element as HTMLProgressElement).value))) seen.add(value);
          return bar.count();
        }, { timeout: 20_000, interval: 100 })
        .toBe(0);
      expect([...seen].some((value) => value > 0 && value < 100)).toBe(true);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      const avatar = page.getByRole('img', { name: '当前头像' });
      await expect.poll(() => avatar.getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/member\/v1\/avatar\/image\/[A-Za-z0-9_-]{32}$/);
      await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 10_000 }).toBe(680);
      // A file that is not an image is refused with the catalogue's text, and the avatar stays.
      await page.locator('input[name="avatar"]').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
      await page.getByRole('alert').getByText('头像仅支持 PNG、JPEG、WebP 图片').waitFor();
      expect(await avatar.getAttribute('src')).toMatch(/^\/member\/v1\/avatar\/image\//);
      expect(await axeViolations(page)).toEqual([]);
      // The visually hidden file input's label shows where the focus is.
      await page.locator('input[name="avatar"]').focus();
      expect(await page.locator('label.file-pick').evaluate((label) => getComputedStyle(label).outlineStyle)).toBe('solid');
      // The header shows the new avatar at once, and again after a reload (from the member info).
      const uploaded = await avatar.getAttribute('src');
      const headerAvatar = page.locator('header img.member-avatar');
      await expect.poll(() => headerAvatar.getAttribute('src'), { timeout: 10_000 }).toBe(uploaded);
      await page.reload();
      await expect.poll(() => headerAvatar.getAttribute('src'), { timeout: 10_000 }).toBe(uploaded);
      await expect.poll(() => headerAvatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 10_000 }).toBe(680);

      // The special notice: published now, shown, dismissed for good.
      const now = Date.now();
      await operatorClient(server.url).call(opsSpecialNoticePublish, {
        siteId: 4, titleZh: '春节维护公告', titleEn: 'Maintenance', contentZh: '<b>今晚</b>系统维护', contentEn: 'Tonight', startsAt: now - 60_000, endsAt: now + 3_600_000,
      });
      await openPage(page, `${server.url}/app/home`);
      const notice = page.getByRole('region', { name: '特别公告' });
      await notice.getByText('春节维护公告').waitFor();
      expect(await notice.getByText('<b>今晚</b>系统维护').count()).toBe(1);
      await notice.getByRole('button', { name: '不再显示' }).click();
      await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(0);
      const asked = page.waitForResponse((response) => response.url().includes('/common/v1/special_notice'));
      await page.reload();
      await asked;
      await page.getByText(`欢迎，${name}`).waitFor();
      expect(await notice.count()).toBe(0);
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }

    // On another device the member does not see it again; a visitor does.
    const other = await openWatchedPage(browser);
    try {
      const asked = other.page.waitForResponse((response) => response.url().includes('/common/v1/special_notice') && response.request().headers()['x-token'] !== undefined);
      await logInOnHome(other.page, server.url, { name, password: PASSWORD });
      await asked;
      // The member's answer arrived; the visitor's notice (shown before the login) goes with the next render.
      await expect.poll(() => other.page.getByRole('region', { name: '特别公告' }).count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await other.context.close();
    }
    const visitor = await openWatchedPage(browser);
    try {
      await openPage(visitor.page, `${server.url}/app/home`);
      await visitor.page.getByRole('region', { name: '特别公告' }).getByText('春节维护公告').waitFor();
    } finally {
      await visitor.context.close();
    }
  });
});
