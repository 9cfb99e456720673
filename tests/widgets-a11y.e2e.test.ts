import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, loginPayload, webLogin } from '@lobby/sdk';
import { axeViolations as violations } from './support/axe.js';
import { browserSuite } from './support/suite.js';

/** axe-core on issue 4's partner page: the widgets closed, the coin purchase open, its confirmation open. */
describe('accessibility of the widgets on the partner page', () => {
  const { server, browser } = browserSuite();
  let token: string;

  beforeAll(async () => {
    const login = await createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => null }).call(webLogin, loginPayload('demo', 'demo1234'));
    token = login.token;
  });

  it('finds no violation with the float window shown, the coin purchase dialog open and its confirmation open', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${server.url}/examples/partner-page/#token=${token}`);
    await page.waitForFunction(() => ['lobby-coin-purchase', 'lobby-float-window', 'lobby-order-ball'].every((name) => customElements.get(name)));
    await page.locator('lobby-float-window').locator('img').first().waitFor();
    expect(await violations(page)).toEqual([]);

    const widget = page.locator('lobby-coin-purchase');
    await widget.locator('button.trigger').click();
    const dialog = widget.locator('dialog.modal[open]');
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('button.buy').isEnabled()).toBe(true);
    expect(await violations(page)).toEqual([]);

    await dialog.locator('button.buy').click();
    await widget.locator('dialog.confirm[open]').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
