import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

export interface AxeOptions {
  /**
   * Leaves the lobby widgets' elements (every `lobby-*` element) out, to judge the site's
   * own pages: the widgets have their own accessibility tests.
   */
  withoutWidgets?: boolean;
}

/**
 * Runs axe-core in the page and answers its violations as `id: help (targets)` lines. The
 * source is evaluated through the DevTools protocol, which the page's CSP does not govern
 * (an injected <script> tag would be blocked), so the CSP stays as served.
 *
 * @example expect(await axeViolations(page, { withoutWidgets: true })).toEqual([]);
 */
export async function axeViolations(page: Page, { withoutWidgets = false }: AxeOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async (leaveOutWidgets) => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    if (!leaveOutWidgets) return (await axe.run(document)).violations;
    const widgets = new Set([...document.querySelectorAll('*')].map((element) => element.localName).filter((tag) => tag.startsWith('lobby-')));
    return (await axe.run({ include: [['html']], exclude: [...widgets].map((tag) => [tag]) })).violations;
  }, withoutWidgets);
  return found.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')})`);
}
