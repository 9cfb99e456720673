import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { createClient, formatWireMoney, loginPayload, registerMember, type ApiClient } from '@lobby/sdk';
import { openPage } from './site.js';

/** The seeded operator's token (docs: demo data), for the operator API in browser tests. */
export const DEMO_OPERATOR_TOKEN = 'lobby-demo-operator-token';

/** A yuan wire amount as the member pages (in zh-CN) show it: the sdk's formatWireMoney, e.g. 50,000.00. */
export function shownYuan(amount: number): string {
  return formatWireMoney(amount, 2, 'zh-CN');
}

/** An operator API client on the seeded operator token. */
export function operatorClient(baseUrl: string): ApiClient {
  return createClient({ baseUrl, deviceId: randomUUID(), getToken: () => DEMO_OPERATOR_TOKEN });
}

/**
 * A fresh member registered through the API (name `prefix` + a time tail), with a client
 * that calls as that member.
 *
 * @example const { name, client } = await freshMember(server.url, 'usdt', 'usdt-pass-1');
 */
export async function freshMember(baseUrl: string, prefix: string, password: string): Promise<{ name: string; client: ApiClient }> {
  let token: string | null = null;
  const client = createClient({ baseUrl, deviceId: randomUUID(), getToken: () => token });
  const name = `${prefix}${Date.now() % 1_000_000}`;
  token = (await client.call(registerMember, { name, password: loginPayload(name, password).password })).token;
  return { name, client };
}

/** Logs in through the login form on home and waits for the header's welcome. */
export async function logInOnHome(page: Page, baseUrl: string, who: { name: string; password: string; welcome?: string }): Promise<void> {
  await openPage(page, `${baseUrl}/app/home`);
  const form = page.getByRole('form', { name: '登录' });
  await form.getByPlaceholder('用户名').fill(who.name);
  await form.getByPlaceholder('密码').fill(who.password);
  await form.getByRole('button', { name: '登录' }).click();
  await page.getByText(`欢迎，${who.welcome ?? who.name}`).waitFor();
}
