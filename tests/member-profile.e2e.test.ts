import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CODE, createClient, loginPassword, loginPayload, personalInfoV3, registerV4, userInfo, vipInfo, walletBalance, webLogin, withdrawPasswordVerify,
  depositPay, formatDateTime, gameLaunch, messageForCode, newIdempotencyKey, opsSandboxPayment, sendPhoneCode,
} from '@lobby/sdk';
import { axeViolations } from './support/axe.js';
import { openPage, openWatchedPage, sandboxAnswer } from './support/site.js';
import { browserSuite } from './support/suite.js';

/** The member centre's user-info, password and VIP pages in Chromium, against the built server. */
describe('member profile, password and VIP pages', () => {
  const { server, browser } = browserSuite();

  const apiAs = (token: string | null) => createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });

  /** A new member registered over the API; answers its name, password and token. */
  async function newMember(): Promise<{ name: string; password: string; token: string }> {
    const name = `mp${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const password = 'first-pass-1';
    const hash = loginPassword(password);
    const { token } = await apiAs(null).call(registerV4, { name, password: hash, confirmPassword: hash });
    return { name, password, token };
  }

  async function logIn(page: Page, name: string, password: string) {
    const form = page.getByRole('form', { name: '登录' });
    await form.getByPlaceholder('用户名').fill(name);
    await form.getByPlaceholder('密码').fill(password);
    await form.getByRole('button', { name: '登录' }).click();
    await page.getByRole('button', { name: '退出' }).waitFor();
  }

  it('binds a phone with the sandbox code, showing each validation message of section 5 on the way', async () => {
    const member = await newMember();
    const phone = `1391${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/myCenter/userInfo`);
      await logIn(page, member.name, member.password);
      await page.getByText('未绑定').waitFor();
      await page.getByRole('button', { name: '绑定手机' }).click();
      const dialog = page.getByRole('dialog', { name: '绑定手机号' });
      const phoneField = dialog.getByLabel('手机号');
      const alert = dialog.getByRole('alert');
      const bind = dialog.getByRole('button', { name: '确认绑定' });
      await bind.click();
      await alert.filter({ hasText: '手机号不能为空' }).waitFor();
      for (const [number, message] of [['1390000', '请输入有效的手机号'], ['17012345678', '虚拟运营商号码暂不支持'], ['16512345678', '该平台不支持']] as const) {
        await phoneField.fill(number);
        await bind.click();
        await alert.filter({ hasText: message }).waitFor();
      }
      await phoneField.fill('139abc');
      expect(await phoneField.inputValue()).toBe('139');
      await phoneField.fill(phone);
      await phoneField.fill('13912345678901');
      expect(await phoneField.inputValue()).toBe(phone);
      await bind.click();
      await alert.filter({ hasText: '请输入验证码' }).waitFor();
      await dialog.getByLabel('验证码').fill('12ab345678');
      expect(await dialog.getByLabel('验证码').inputValue()).toBe('123456');

      await dialog.getByRole('button', { name: '获取验证码' }).click();
      await dialog.getByRole('button', { name: /^(60|59) 秒后重新获取$/ }).waitFor();
      expect(await dialog.getByRole('button', { name: /秒后重新获取/ }).isDisabled()).toBe(true);
      const { code } = await sandboxAnswer<{ code: string }>(server.url, `/sandbox/sms/${encodeURIComponent(`+86${phone}`)}`);
      await dialog.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
      await bind.click();
      await alert.filter({ hasText: '验证码错误或已过期' }).waitFor();
      await dialog.getByLabel('验证码').fill(code);
      await bind.click();
      const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
      await page.getByText(`+86 ${masked}`).waitFor();
      expect(await apiAs(member.token).call(userInfo, {})).toMatchObject({ phone: masked, areaCode: '+86' });

      await page.getByRole('button', { name: '更换手机' }).click();
      const locked = page.getByRole('dialog', { name: '绑定手机号' });
      expect(await locked.getByLabel('手机号').inputValue()).toBe(masked);
      expect(await locked.getByLabel('手机号').getAttribute('readonly')).not.toBeNull();
      await locked.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('dialog', { name: '验证已绑定的手机号' }).getByText(`+86 ${masked}`).waitFor();
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('verifies the bound phone in the verification modal, then binds another number', async () => {
    const name = `mp${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const first = `1392${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const second = `1393${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const hash = loginPassword('first-pass-1');
    const { token } = await apiAs(null).call(registerV4, { name, password: hash, confirmPassword: hash, areaCode: '+86', phone: first });
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/myCenter/userInfo`);
      await logIn(page, name, 'first-pass-1');
      await page.getByRole('button', { name: '更换手机' }).click();
      const dialog = page.getByRole('dialog', { name: '绑定手机号' });
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      const verify = page.getByRole('dialog', { name: '验证已绑定的手机号' });
      await verify.getByRole('button', { name: '获取验证码' }).click();
      await verify.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      const bound = await sandboxAnswer<{ code: string }>(server.url, `/sandbox/sms/${encodeURIComponent(`+86${first}`)}`);
      await verify.getByLabel('验证码').fill(bound.code);
      await verify.getByRole('button', { name: '验证' }).click();
      await verify.waitFor({ state: 'hidden' });
      const phoneField = dialog.getByLabel('手机号');
      expect(await phoneField.getAttribute('readonly')).toBeNull();
      await phoneField.fill(second);
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      await dialog.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      const fresh = await sandboxAnswer<{ code: string }>(server.url, `/sandbox/sms/${encodeURIComponent(`+86${second}`)}`);
      await dialog.getByLabel('验证码').fill(fresh.code);
      await dialog.getByRole('button', { name: '确认绑定' }).click();
      const masked = `${second.slice(0, 3)}****${second.slice(-4)}`;
      await page.getByText(`+86 ${masked}`).waitFor();
      expect((await apiAs(token).call(userInfo, {})).phone).toBe(masked);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sets nickname, real name once and the receiver address; userInfo reflects them', async () => {
    const member = await newMember();
    const { context, page } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/myCenter/userInfo`);
      await logIn(page, member.name, member.password);
      const nick = page.getByRole('form', { name: '昵称' });
      await nick.getByLabel('昵称').fill('x'.repeat(21));
      await nick.getByRole('button', { name: '保存' }).click();
      await nick.getByRole('alert').filter({ hasText: '昵称需为1到20个字符' }).waitFor();
      await nick.getByLabel('昵称').fill('<b>Lucky</b>');
      await nick.getByRole('button', { name: '保存' }).click();
      await page.getByText('欢迎，<b>Lucky</b>').waitFor();
      expect(await page.locator('main b, header b').count()).toBe(0);
      expect((await apiAs(member.token).call(userInfo, {})).nickName).toBe('<b>Lucky</b>');
      const realName = page.getByRole('form', { name: '真实姓名' });
      await realName.getByLabel('真实姓名').fill('<b>');
      await realName.getByRole('button', { name: '保存' }).click();
      await realName.getByRole('alert').filter({ hasText: '请输入正确的真实姓名' }).waitFor();
      await realName.getByLabel('真实姓名').fill('张三');
      await realName.getByRole('button', { name: '保存' }).click();
      await page.locator('.user-info-locked').filter({ hasText: '张三' }).waitFor();
      expect((await apiAs(member.token).call(userInfo, {})).realName).toBe('张三');
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);

      await page.getByRole('tab', { name: '收货地址' }).click();
      const address = page.getByRole('form', { name: '收货地址' });
      await address.getByRole('button', { name: '保存' }).click();
      await address.getByRole('alert').filter({ hasText: '请完整填写收货地址' }).waitFor();
      for (const [label, value] of [['收货人', '王五'], ['省份', '广东'], ['城市', '深圳'], ['区/县', '南山'], ['详细地址', '科技园 1 号'], ['联系电话', '13912345678']] as const) {
        await address.getByLabel(label).fill(value);
      }
      await address.getByRole('button', { name: '保存' }).click();
      await expect.poll(async () => (await apiAs(member.token).call(personalInfoV3, {})).address?.city).toBe('深圳');
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changes the login password through its steps and sets, updates and resets the withdrawal password', async () => {
    const member = await newMember();
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/password`);
      await logIn(page, member.name, member.password);
      const login = page.locator('.password-section', { has: page.getByRole('heading', { name: '登录密码' }) });
      await login.getByRole('button', { name: '下一步' }).click();
      await login.getByRole('alert').filter({ hasText: '请输入旧密码' }).waitFor();
      await login.getByLabel('旧密码', { exact: true }).fill('not-my-password');
      await login.getByRole('button', { name: '下一步' }).click();
      await login.getByLabel('新密码', { exact: true }).fill('12345');
      await login.getByLabel('确认新密码').fill('12345');
      await login.getByRole('button', { name: '确认修改' }).click();
      await login.getByRole('alert').filter({ hasText: '新密码需为6到20个字符' }).waitFor();
      await login.getByLabel('新密码', { exact: true }).fill('second-pass-2');
      await login.getByLabel('确认新密码').fill('second-pass-2');
      await login.getByRole('button', { name: '确认修改' }).click();
      await login.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
      await login.getByLabel('旧密码', { exact: true }).fill(member.password);
      await login.getByRole('button', { name: '下一步' }).click();
      await login.getByLabel('新密码', { exact: true }).fill('second-pass-2');
      await login.getByLabel('确认新密码').fill('second-pass-2');
      await login.getByRole('button', { name: '确认修改' }).click();
      const finish = page.getByRole('dialog', { name: '修改成功' });
      await finish.waitFor();
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      await finish.getByRole('button', { name: '知道了' }).click();
      await finish.waitFor({ state: 'hidden' });
      expect(await login.locator('[aria-current="step"]').textContent()).toBe('修改完成');
      await expect(apiAs(null).call(webLogin, loginPayload(member.name, member.password))).rejects.toMatchObject({ code: CODE.passwordWrong });
      await expect(apiAs(member.token).call(userInfo, {})).rejects.toMatchObject({ code: CODE.tokenInvalid });
      const { token } = await apiAs(null).call(webLogin, loginPayload(member.name, 'second-pass-2'));

      const withdraw = page.locator('.password-section', { has: page.getByRole('heading', { name: '取款密码' }) });
      await withdraw.getByText('您还没有设置取款密码').waitFor();
      await withdraw.getByLabel('取款密码', { exact: true }).fill('12345');
      await withdraw.getByLabel('确认取款密码').fill('12345');
      await withdraw.getByRole('button', { name: '保存' }).click();
      await withdraw.getByRole('alert').filter({ hasText: '取款密码需为6位数字' }).waitFor();
      await withdraw.getByLabel('取款密码', { exact: true }).fill('246810');
      await withdraw.getByLabel('确认取款密码').fill('246810');
      await withdraw.getByRole('button', { name: '保存' }).click();
      await withdraw.getByText('取款密码已设置。').waitFor();
      expect(await apiAs(token).call(withdrawPasswordVerify, { password: loginPassword('246810') })).toEqual({ verified: true });
      await withdraw.getByRole('button', { name: '修改取款密码' }).click();
      const update = withdraw.getByRole('form', { name: '修改取款密码' });
      await update.getByLabel('当前取款密码').fill('111111');
      await update.getByLabel('新取款密码').fill('135790');
      await update.getByLabel('确认取款密码').fill('135790');
      await update.getByRole('button', { name: '保存' }).click();
      await update.getByRole('alert').filter({ hasText: '取款密码错误' }).waitFor();
      await update.getByLabel('当前取款密码').fill('246810');
      await update.getByRole('button', { name: '保存' }).click();
      await expect.poll(async () => (await apiAs(token).call(withdrawPasswordVerify, { password: loginPassword('135790') }).catch(() => ({ verified: false }))).verified).toBe(true);
      await withdraw.getByRole('button', { name: '忘记取款密码（用登录密码重置）' }).click();
      const reset = withdraw.getByRole('form', { name: '忘记取款密码（用登录密码重置）' });
      await reset.getByLabel('登录密码').fill('second-pass-2');
      await reset.getByLabel('新取款密码').fill('975310');
      await reset.getByLabel('确认取款密码').fill('975310');
      await reset.getByRole('button', { name: '保存' }).click();
      await expect.poll(async () => (await apiAs(token).call(withdrawPasswordVerify, { password: loginPassword('975310') }).catch(() => ({ verified: false }))).verified).toBe(true);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the VIP level and grades, and pays a gift once for a double click', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    const demo = await apiAs(null).call(webLogin, loginPayload('demo', 'demo1234'));
    const api = apiAs(demo.token);
    try {
      await openPage(page, `${server.url}/app/vip`);
      await logIn(page, 'demo', 'demo1234');
      await page.getByText('当前等级：VIP3').waitFor();
      expect(await page.locator('.vip-grades tbody tr').count()).toBe(11);
      expect(await page.locator('.vip-grades tr[aria-current="true"] th').textContent()).toContain('VIP3');
      await page.getByText('累计存款 10,000.00 / 50,000.00').waitFor();
      const before = (await api.call(walletBalance, {})).centerWalletBalance;
      const applies: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/promo/v1/vip_gift/apply')) applies.push(request.headers()['x-idempotency-key'] ?? '');
      });
      const claim = page.getByRole('button', { name: '领取 VIP3 upgrade bonus' });
      await claim.dblclick();
      await page.getByRole('button', { name: '已领取 VIP3 upgrade bonus' }).waitFor();
      await page.getByText('已领取礼金合计').locator('xpath=following-sibling::dd[1]').filter({ hasText: '188.00' }).waitFor();
      expect(new Set(applies).size).toBe(1);
      expect((await api.call(walletBalance, {})).centerWalletBalance).toBe(before + 188);
      expect((await api.call(vipInfo, {})).grade_discount).toBe(188);
      await page.reload();
      await page.getByRole('button', { name: '已领取 VIP3 upgrade bonus' }).waitFor();
      expect(await page.getByRole('button', { name: '已领取 VIP3 upgrade bonus' }).isDisabled()).toBe(true);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists a real level change in the VIP history once deposits and settled bets reach VIP1', async () => {
    const member = await newMember();
    const api = apiAs(member.token);
    const operator = apiAs('lobby-demo-operator-token');
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      await openPage(page, `${server.url}/app/vip`);
      await logIn(page, member.name, member.password);
      await page.getByText('当前等级：VIP0').waitFor();
      const history = page.getByRole('region', { name: '等级变动记录' });
      await history.getByText('暂无等级变动').waitFor();
      expect(await history.locator('tbody tr').count()).toBe(0);

      // VIP1 needs 1,000.00 deposited and 5,000.00 turnover: five settled 1,000.00 spins on the
      // seamless studio venue (LBSTUDIO), played through the studio's play API as its page would.
      const paid = await api.call(depositPay, { payTypeId: '1', amount: 10_000, depositorName: '李雷' }, { idempotencyKey: newIdempotencyKey() });
      await operator.call(opsSandboxPayment, { billNo: paid.billNo, outcome: 'paid' });
      const launched = await api.call(gameLaunch, { venueCode: 'LBSTUDIO', gameCode: 'fruit-classic' });
      const session = new URL(launched.url, server.url).searchParams.get('session')!;
      for (let spin = 0; spin < 5; spin += 1) {
        const answer = await fetch(`${server.url}/studio/api/rounds`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-studio-session': session },
          body: JSON.stringify({ requestId: randomUUID(), bet: { lineBetMinor: 100_000 } }),
        });
        expect(((await answer.json()) as { code: number }).code).toBe(0);
      }

      await page.reload();
      await page.getByText('当前等级：VIP1').waitFor();
      const rows = history.locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      const changes = (await api.call(vipInfo, {})).memberInfoChangeList;
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ fromGrade: 0, toGrade: 1 });
      expect(Math.abs(Date.parse(changes[0]!.changedAt) - Date.now())).toBeLessThan(5 * 60_000);
      // The page and this process share the machine's time zone; the page is in zh-CN.
      const when = formatDateTime(changes[0]!.changedAt, 'zh-CN');
      expect(await rows.first().locator('td').allTextContents()).toEqual([when, '晋级：VIP0 → VIP1']);
      expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('debounces get-code clicks for 2 s and holds the button for the 60 s countdown (section 5)', async () => {
    const member = await newMember();
    const base = Date.now() % 10_000_000;
    const refused = `1392${String(base).padStart(7, '0')}`;
    const fresh = `1393${String(base).padStart(7, '0')}`;
    const later = `1394${String(base).padStart(7, '0')}`;
    // The server already sent a code to `refused`: it refuses another for 60 s, so the page starts no countdown for it.
    await apiAs(null).call(sendPhoneCode, { phone: refused, areaCode: '+86', type: 4 });
    const { context, page, watch } = await openWatchedPage(browser);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/member/v3/send_code')) sent.push((request.postDataJSON() as { phone: string }).phone);
    });
    try {
      await page.clock.install();
      await openPage(page, `${server.url}/app/myCenter/userInfo`);
      await logIn(page, member.name, member.password);
      await page.getByRole('button', { name: '绑定手机' }).click();
      const dialog = page.getByRole('dialog', { name: '绑定手机号' });
      const getCode = dialog.getByRole('button', { name: '获取验证码' });
      await dialog.getByLabel('手机号').fill(refused);

      // Two clicks within 2 s: one request (refused by the server, so no countdown starts).
      await getCode.click();
      await getCode.click();
      await dialog.getByRole('alert').filter({ hasText: messageForCode(CODE.tooManyRequests, 'zh-CN') }).waitFor();
      await page.clock.fastForward(1_500);
      await getCode.click();
      await page.waitForTimeout(300);
      expect(sent).toEqual([refused]);
      expect(await getCode.isEnabled()).toBe(true);

      // A click after 2 s sends again (no countdown runs).
      await page.clock.fastForward(600);
      await getCode.click();
      await expect.poll(() => sent.length).toBe(2);

      // Another number after 2 s: sent and accepted; the 60 s countdown holds the button.
      await dialog.getByLabel('手机号').fill(fresh);
      await page.clock.fastForward(2_100);
      await getCode.click();
      await dialog.getByRole('button', { name: /^(60|59) 秒后重新获取$/ }).waitFor();
      expect(sent).toEqual([refused, refused, fresh]);
      const counting = dialog.getByRole('button', { name: /秒后重新获取/ });
      await page.clock.runFor(30_000);
      await dialog.getByRole('button', { name: /^(30|29) 秒后重新获取$/ }).waitFor();
      expect(await counting.isDisabled()).toBe(true);
      await counting.click({ force: true });
      await page.waitForTimeout(300);
      expect(sent).toHaveLength(3);

      // When the countdown ends the button is back, and a click sends.
      await page.clock.runFor(30_000);
      await getCode.waitFor();
      expect(await getCode.isEnabled()).toBe(true);
      await dialog.getByLabel('手机号').fill(later);
      await getCode.click();
      await expect.poll(() => sent).toEqual([refused, refused, fresh, later]);
      await dialog.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      // The only console errors are the two refusals the test provoked (HTTP 429).
      expect(watch.consoleErrors.filter((text) => !/status of 429/.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
