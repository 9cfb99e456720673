import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  createClient,
  feedbackList,
  md5Hex,
  messageCount,
  messageList,
  opsFeedbackList,
  opsMessageSend,
  registerV4,
  type ApiClient,
} from '@lobby/sdk';
import { runOps } from './support/ops-cli.js';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

/** A real 1x1 PNG; with trailing bytes it stays a valid image and grows for the progress bar. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

interface Member {
  name: string;
  token: string;
  client: ApiClient;
}

/**
 * The inbox and feedback pages of the member centre in Chromium on the built server:
 * operator-sent messages (one sticky) read one by one with the counter dropping, one-key
 * read and delete, ticked messages read or deleted in one call, paging; feedback with
 * images uploaded behind a progress bar, failed uploads shown, the operator's reply appearing.
 */
describe('member inbox and feedback pages', () => {
  const { server, browser } = browserSuite();
  let ops: ApiClient;

  beforeAll(async () => {
    ops = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => 'lobby-demo-operator-token' });
  });

  async function register(name: string): Promise<Member> {
    let token = '';
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token, onTokenInvalid: () => undefined });
    token = (await client.call(registerV4, { name, password: md5Hex('member-pass-1') })).token;
    return { name, token, client };
  }

  /** A context whose page starts logged in as the member (the session the login form stores). */
  async function loggedIn(member: Member): Promise<{ context: BrowserContext; page: Page; watch: Awaited<ReturnType<typeof openWatchedPage>>['watch'] }> {
    const opened = await openWatchedPage(browser);
    await opened.context.addInitScript((token) => localStorage.setItem('lobby.session', JSON.stringify({ token })), member.token);
    return opened;
  }

  const send = (member: Member, type: 0 | 1 | 2 | 3, title: string, sticky = false) => ops.call(opsMessageSend, { memberName: member.name, type, title, content: `${title}: the body`, sticky });
  const title = (page: Page, text: string) => page.locator('button.inbox-title', { hasText: text });
  const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

  it('reads a message and the counter drops, reads all with one key, deletes one, deletes all, pages by 20', async () => {
    const member = await register('inbox-reader');
    await send(member, 1, 'Pinned activity', true);
    await send(member, 1, 'Activity two');
    await send(member, 1, 'Activity three');
    await send(member, 2, 'Notice one');
    for (let i = 1; i <= 21; i++) await send(member, 0, `Private ${String(i).padStart(2, '0')}`);
    const { context, page, watch } = await loggedIn(member);
    try {
      await openPage(page, `${server.url}/app/myCenter/inbox`, true);
      await expect.poll(() => tab(page, '活动').getByLabel('3 条未读').count()).toBe(1);
      const items = page.locator('.inbox-item');
      await expect.poll(() => items.first().innerText()).toContain('置顶');
      expect(await items.first().innerText()).toContain('Pinned activity');
      expect(await items.count()).toBe(3);

      await title(page, 'Activity two').click();
      await page.getByText('Activity two: the body').waitFor();
      await expect.poll(() => tab(page, '活动').getByLabel('2 条未读').count()).toBe(1);
      expect((await member.client.call(messageCount, {})).activityCount).toBe(2);
      await title(page, 'Activity two').click();
      expect((await member.client.call(messageCount, {})).activityCount).toBe(2);

      await page.getByRole('button', { name: '一键已读' }).click();
      await expect.poll(() => tab(page, '活动').locator('.inbox-badge').count()).toBe(0);
      expect((await member.client.call(messageCount, {})).activityCount).toBe(0);
      expect(await page.locator('.inbox-item.unread').count()).toBe(0);

      await page.getByRole('button', { name: '删除消息：Activity three' }).click();
      await expect.poll(() => items.count()).toBe(2);
      expect((await member.client.call(messageList, { type: 1 })).list.map((m) => m.title)).toEqual(['Pinned activity', 'Activity two']);

      await tab(page, '公告').click();
      await title(page, 'Notice one').waitFor();
      await page.getByRole('button', { name: '一键删除' }).click();
      const dialog = page.getByRole('dialog', { name: '确认删除' });
      await dialog.getByText('确定删除「公告」中的全部 1 条消息吗？').waitFor();
      await dialog.getByRole('button', { name: '确认删除' }).click();
      await page.getByText('暂无消息').waitFor();
      expect(await member.client.call(messageCount, {})).toMatchObject({ noticeCount: 0, privateCount: 21 });
      expect((await member.client.call(messageList, { type: 2 })).total).toBe(0);

      await tab(page, '站内信').click();
      await page.getByText('第 1 / 2 页，共 21 条').waitFor();
      expect(await items.count()).toBe(20);
      await page.getByRole('button', { name: '下一页' }).click();
      await page.getByText('第 2 / 2 页，共 21 条').waitFor();
      await expect.poll(() => items.count()).toBe(1);
      expect(await items.first().innerText()).toContain('Private 01');

      // The tabs follow the WAI-ARIA pattern: Home, End and the arrow keys select and focus.
      await tab(page, '站内信').press('Home');
      await expect.poll(() => tab(page, '活动').getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => tab(page, '公告').getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('公告');
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('ticks messages and marks them read or deletes them in one call; the page box ticks the page', async () => {
    const member = await register('inbox-picker');
    for (let i = 1; i <= 22; i++) await send(member, 0, `Letter ${String(i).padStart(2, '0')}`);
    const { context, page, watch } = await loggedIn(member);
    const batches: string[] = [];
    page.on('request', (request) => request.url().endsWith('/msg/v1/notice_batch') && batches.push(request.postData() ?? ''));
    try {
      await openPage(page, `${server.url}/app/myCenter/inbox`, true);
      await tab(page, '站内信').click();
      await page.getByText('第 1 / 2 页，共 22 条').waitFor();
      const readPicked = page.getByRole('button', { name: /^标为已读/ });
      const deletePicked = page.getByRole('button', { name: /^删除所选/ });
      expect(await readPicked.isDisabled()).toBe(true);

      await page.getByLabel('选择消息：Letter 22').check();
      await page.getByLabel('选择消息：Letter 21').check();
      expect(await page.getByLabel('全选本页').evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
      await readPicked.click();
      await expect.poll(() => tab(page, '站内信').getByLabel('20 条未读').count()).toBe(1);
      expect((await member.client.call(messageCount, {})).privateCount).toBe(20);
      expect(await page.locator('.inbox-item.unread').count()).toBe(18);
      expect(await page.getByLabel('选择消息：Letter 22').isChecked()).toBe(false);

      await page.getByLabel('全选本页').check();
      await expect.poll(() => deletePicked.innerText()).toContain('20');
      await deletePicked.click();
      const dialog = page.getByRole('dialog', { name: '确认删除' });
      await dialog.getByText('确定删除所选的 20 条消息吗？').waitFor();
      await dialog.getByRole('button', { name: '确认删除' }).click();
      await page.getByText('第 1 / 1 页，共 2 条').waitFor();
      expect((await member.client.call(messageList, { type: 0 })).list.map((m) => m.title)).toEqual(['Letter 02', 'Letter 01']);
      expect((await member.client.call(messageCount, {})).privateCount).toBe(2);
      await expect.poll(() => tab(page, '站内信').getByLabel('2 条未读').count()).toBe(1);
      // One call each: the two ticked read, then the twenty of the page deleted.
      expect(batches.map((body) => JSON.parse(body) as { ids: number[]; action: string }).map((batch) => [batch.action, batch.ids.length])).toEqual([
        ['read', 2],
        ['delete', 20],
      ]);
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends feedback with an image behind a progress bar, shows failed uploads, renders text as text, shows the operator reply', async () => {
    const member = await register('feedback-writer');
    const { context, page, watch } = await loggedIn(member);
    try {
      await openPage(page, `${server.url}/app/myCenter/feedback`, true);
      await page.getByText('暂无反馈').waitFor();
      await page.getByLabel('反馈类型').selectOption({ label: '问题' });
      await page.getByLabel('反馈分类').selectOption({ label: '存款' });
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByRole('alert').filter({ hasText: '反馈内容至少5个字符' }).waitFor();
      const content = '<img src=x onerror="window.__owned=1"> deposit not credited';
      await page.getByLabel('反馈内容').fill(content);

      // A slow link, so the progress bar moves through values below 100 before it fills.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
      const big = Buffer.concat([PNG, Buffer.alloc(1_200_000)]);
      await page.getByLabel(/上传图片/).setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: big });
      const bar = page.getByRole('progressbar', { name: 'screen.png 上传中' });
      await bar.waitFor();
      const seen = new Set<number>();
      await expect
        .poll(async () => {
          const value = Number(await page.locator('.feedback-upload progress').first().getAttribute('value'));
          seen.add(value);
          return value;
        }, { timeout: 20_000, interval: 50 })
        .toBe(100);
      expect([...seen].some((value) => value > 0 && value < 100), `progress seen: ${[...seen].join(',')}`).toBe(true);
      await page.getByRole('progressbar', { name: 'screen.png 已上传' }).waitFor();
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      // Refused by the server (status 200, a code): its message; a status other than 200: the fail callback's error.
      await page.getByLabel(/上传图片/).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: SVG });
      await page.getByRole('alert').filter({ hasText: 'fake.png 上传失败：只支持PNG、JPEG、WebP或GIF图片' }).waitFor();
      await page.route('**/member/v1/feedback/upload*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>bad gateway</h1>' }));
      await page.getByLabel(/上传图片/).setInputFiles({ name: 'gateway.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('alert').filter({ hasText: /gateway\.png 上传失败/ }).waitFor();
      await page.unroute('**/member/v1/feedback/upload*');
      await page.getByLabel(/上传图片/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.getByRole('alert').filter({ hasText: 'notes.txt 上传失败：只支持PNG、JPEG、WebP或GIF图片' }).waitFor();

      await page.getByRole('button', { name: '提交' }).click();
      const item = page.locator('.feedback-item').first();
      await item.waitFor();
      expect(await item.locator('.feedback-text').first().textContent()).toBe(content);
      expect(await item.locator('.feedback-text img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
      expect(await item.innerText()).toContain('等待回复');
      const thumb = item.getByRole('img', { name: '反馈图片 1' });
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      expect(await page.getByLabel('反馈内容').inputValue()).toBe('');
      const stored = (await member.client.call(feedbackList, {})).list;
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ type: 2, category: 1, content: content.trim(), isReply: false });
      expect(stored[0]!.picUrls.split(',')).toHaveLength(1);

      // The operator replies with the CLI (npm run ops -- feedback ...); HTML in the reply stays text.
      const listed = await runOps(server.url, 'feedback', 'list', '--member', member.name, '--waiting');
      expect(listed.code, listed.stderr).toBe(0);
      const waiting = (JSON.parse(listed.stdout) as { list: { id: number; content: string }[] }).list;
      expect(waiting.map((entry) => entry.content)).toEqual([content.trim()]);
      const reply = 'Credited now <b>thanks</b><img src=x onerror="window.__replied=1">';
      const replied = await runOps(server.url, 'feedback', 'reply', String(waiting[0]!.id), reply);
      expect(replied.code, replied.stderr).toBe(0);
      expect(JSON.parse(replied.stdout)).toMatchObject({ id: waiting[0]!.id, isReply: true, replyContent: reply, memberName: member.name });
      expect((await runOps(server.url, 'feedback', 'reply', '9999999', 'nobody')).code).toBe(1);
      expect((await ops.call(opsFeedbackList, { memberName: member.name, waiting: true })).list).toEqual([]);
      await page.reload();
      await page.getByText('已回复').waitFor();
      expect(await page.locator('.feedback-reply .feedback-text').textContent()).toBe(reply);
      expect(await page.locator('.feedback-reply b, .feedback-reply img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __replied?: number }).__replied)).toBeUndefined();
      expect(watch.cspViolations).toEqual([]);
      // The only console errors are the two refused uploads the test provoked (HTTP 502 from the route).
      expect(watch.consoleErrors.filter((text) => !/status of 502/.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
