import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createClient, feedbackUpload, loginPayload, opsFeedbackList, opsFeedbackReply, opsMessageSend, webFeedback, webLogin, type ApiClient } from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Every member-centre page, logged in as the demo member (money, messages, feedback with a reply). */
const MEMBER_PAGES = [
  '/app/myCenter',
  '/app/myCenter/deposit',
  '/app/myCenter/withdrawals',
  '/app/myCenter/transfer',
  '/app/myCenter/myWallet',
  '/app/myCenter/banks',
  '/app/myCenter/userInfo',
  '/app/password',
  '/app/vip',
  '/app/myCenter/welfareCenter',
  '/app/myCenter/inbox',
  '/app/myCenter/feedback',
];

describe('accessibility of the member centre, logged in', () => {
  const { server, browser } = browserSuite();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    let token = '';
    const demo: ApiClient = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    token = (await demo.call(webLogin, loginPayload('demo', 'demo1234'))).token;
    const ops = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => 'lobby-demo-operator-token' });
    await ops.call(opsMessageSend, { memberName: 'demo', type: 1, title: 'Pinned activity', content: 'Read me', sticky: true });
    const image = await demo.call(feedbackUpload, { file: new File([new Uint8Array(PNG)], 'shot.png', { type: 'image/png' }) });
    await demo.call(webFeedback, { type: 2, category: 1, content: 'The deposit is late', picUrls: [image.url] });
    const [sent] = (await ops.call(opsFeedbackList, { memberName: 'demo' })).list;
    await ops.call(opsFeedbackReply, { id: sent!.id, replyContent: 'Credited now' });
    ({ context, page } = await openWatchedPage(browser));
    await context.addInitScript((session) => localStorage.setItem('lobby.session', JSON.stringify({ token: session })), token);
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(MEMBER_PAGES)('finds no violation on %s', async (path) => {
    await openPage(page, server.url + path, true);
    // Judged as the member sees it: logged in, the page's own content loaded.
    expect(await page.getByText('请先登录。个人中心只对已登录的会员开放。').count()).toBe(0);
    await page.locator('.member-page .page-loading').first().waitFor({ state: 'detached', timeout: 10_000 });
    expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
  });

  it('finds no violation with an inbox message open and the one-key delete dialog shown', async () => {
    await openPage(page, `${server.url}/app/myCenter/inbox`, true);
    await page.locator('button.inbox-title', { hasText: 'Pinned activity' }).click();
    await page.getByText('Read me').waitFor();
    expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
    await page.getByRole('button', { name: '一键删除' }).click();
    await page.getByRole('dialog', { name: '确认删除' }).waitFor();
    expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('finds no violation on the feedback page with an upload in the form and a replied item', async () => {
    await openPage(page, `${server.url}/app/myCenter/feedback`, true);
    await page.getByText('Credited now').waitFor();
    await page.getByLabel(/上传图片/).setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('progressbar', { name: 'shot.png 已上传' }).waitFor();
    await page.getByLabel(/上传图片/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByRole('alert').filter({ hasText: 'notes.txt' }).waitFor();
    expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
  });
});
