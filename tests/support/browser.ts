import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

/** The flags our machines need (STACK.md): no sandbox as root, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Debian's Chromium (or CHROMIUM_PATH) headless. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}

export interface PageWatch {
  consoleErrors: string[];
  cspViolations: string[];
  failedRequests: string[];
}

/**
 * Records console errors, Content-Security-Policy violations and failed requests of a
 * page, so a test can assert that there were none.
 */
export async function watchPage(page: Page): Promise<PageWatch> {
  const watch: PageWatch = { consoleErrors: [], cspViolations: [], failedRequests: [] };
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    // A failed resource names its address, so a failure says which call it was.
    const where = message.location().url;
    watch.consoleErrors.push(/^Failed to load resource/.test(message.text()) && where ? `${message.text()} (${where})` : message.text());
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(String(error)));
  page.on('requestfailed', (request) => {
    // A request the page itself gave up (navigation away, an aborted fetch) is not a failure a visitor sees.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    watch.failedRequests.push(`${request.method()} ${request.url()}`);
  });
  await page.exposeFunction('__lobbyCspViolation', (text: string) => watch.cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __lobbyCspViolation(text: string): void }).__lobbyCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return watch;
}
