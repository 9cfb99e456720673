import type { Page } from 'playwright-core';
import { CODE, messageForCode } from '@lobby/sdk';

/** Fills and submits the header's login form of the page open, without waiting for the outcome. */
export async function submitLogin(page: Page, name: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: '登录' });
  await form.getByPlaceholder('用户名').fill(name);
  await form.getByPlaceholder('密码').fill(password);
  await form.getByRole('button', { name: '登录' }).click();
}

/** After a password reset: the old password is refused as wrong, the new one logs in. */
export async function expectOnlyNewPassword(page: Page, name: string, oldPassword: string, newPassword: string): Promise<void> {
  await submitLogin(page, name, oldPassword);
  await page.getByRole('alert').filter({ hasText: messageForCode(CODE.passwordWrong, 'zh-CN')! }).waitFor();
  await submitLogin(page, name, newPassword);
  await page.getByText(`欢迎，${name}`).waitFor();
}
