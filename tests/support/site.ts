import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchPage, type PageWatch } from './browser.js';

/**
 * A fresh context and watched page: console errors, CSP violations, failed requests.
 * Unless `widgets` is true, the lobby widget files (other pieces of work, with their own
 * tests) answer an empty script, so these tests judge the site frame alone; the site
 * still mounts the elements and asks for the files.
 */
export async function openWatchedPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
  { widgets = false }: { widgets?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; watch: PageWatch; widgetRequests: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const widgetRequests: string[] = [];
  if (!widgets) {
    await page.route('**/widgets/lobby-*.js', (route) => {
      widgetRequests.push(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '// widget left out of the site frame tests\n' });
    });
  }
  const watch = await watchPage(page);
  return { context, page, watch, widgetRequests };
}

/**
 * Opens a site path and waits for the page's heading, which every page renders; with
 * `settle`, also for the page's own calls to finish (no request cut off by the next page).
 */
export async function openPage(page: Page, url: string, settle = false): Promise<void> {
  await page.goto(url);
  await page.locator('main h1').first().waitFor({ state: 'attached', timeout: 15_000 });
  if (settle) await page.waitForLoadState('networkidle');
}

/** Sets a brand's maintenance window and skin through the sandbox door (POST /sandbox/site/:siteId). */
export async function setSite(baseUrl: string, siteId: number, patch: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseUrl}/sandbox/site/${siteId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 0) throw new Error(`sandbox site door refused: ${body.msg}`);
}

/** A sandbox door answer (`/sandbox/captcha/:id`, `/sandbox/sms/:phone`). */
export async function sandboxAnswer<T>(baseUrl: string, path: string): Promise<T> {
  const body = (await (await fetch(`${baseUrl}${path}`)).json()) as { code: number; data: T; msg: string };
  if (body.code !== 0) throw new Error(`sandbox door ${path}: ${body.msg}`);
  return body.data;
}

/** Posts a JSON body to a sandbox door and answers its data; throws with the door's message when refused. */
export async function sandboxPost<T = unknown>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { code: number; data: T; msg: string };
  if (answer.code !== 0) throw new Error(`sandbox door ${path} refused ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/** Queues a sandbox venue fault for the venue's next money calls (POST /sandbox/venues/fault). */
export function venueFault(baseUrl: string, venueCode: string, fault: 'timeout' | 'timeoutBefore' | 'fail' | 'double', times = 1): Promise<unknown> {
  return sandboxPost(baseUrl, '/sandbox/venues/fault', { venueCode, fault, times });
}

/** Puts a sandbox venue in or out of maintenance (POST /sandbox/venues/maintenance). */
export function venueMaintenance(baseUrl: string, venueCode: string, on: boolean): Promise<unknown> {
  return sandboxPost(baseUrl, '/sandbox/venues/maintenance', { venueCode, on });
}
