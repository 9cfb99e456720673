import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { watchPage, type PageWatch } from './browser.js';

/** The seeded demo agent, from the sandbox door (its page would hold this itself). */
export interface DemoAgent {
  appKey: string;
  privateKeyPem: string;
  scheme: string;
}

export async function demoAgent(serverUrl: string): Promise<DemoAgent> {
  const body = (await (await fetch(`${serverUrl}/sandbox/download/demo-agent`)).json()) as { data: DemoAgent };
  return body.data;
}

/** An opened agent landing page: what it requested, and the page watch. */
export interface AgentPage {
  page: Page;
  watch: PageWatch;
  requests: string[];
  close(): Promise<void>;
}

/**
 * Opens examples/agent-landing/ on `origin` in a fresh context and waits until the SDK is
 * ready (the page sets body[data-ready]).
 */
export async function openAgentPage(browser: Browser, origin: string, query = '?i_code=E2E1', userAgent?: string): Promise<AgentPage> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  const watch = await watchPage(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${origin}/examples/agent-landing/${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return { page, watch, requests, close: () => context.close() };
}

/** Payloads for the parity run: Unicode, empty values, numbers, booleans, nested data. */
export function parityPayloads(count: number, seed: number): Record<string, unknown>[] {
  const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), fc.constant(''));
  const leaf = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
  const nested = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(text, tie('value'), { maxKeys: 4 })),
  })).value;
  const payload = fc.record({
    type: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
    data: fc.dictionary(text, nested, { maxKeys: 6 }),
    url: text,
    screen: fc.oneof(fc.constant(''), fc.constant('1920x1080'), fc.string({ maxLength: 8 })),
    platform: fc.oneof(fc.constant(''), fc.constant('windows'), fc.string({ unit: 'grapheme', maxLength: 8 })),
  });
  return fc.sample(payload, { numRuns: count, seed });
}
