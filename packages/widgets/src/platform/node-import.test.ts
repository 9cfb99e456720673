import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../', import.meta.url));
const mine = ['coin-purchase', 'float-window', 'order-ball'];

describe('importing widget entries in Node', () => {
  it('touches no window and defines nothing', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const entries = readdirSync(src).filter((folder) => mine.includes(folder) && existsSync(`${src}${folder}/entry.ts`));
    expect(entries.sort()).toEqual([...mine].sort());
    for (const folder of entries) {
      const module = (await import(`../${folder}/entry.ts`)) as Record<string, unknown>;
      const element = Object.values(module)[0] as { observedAttributes: string[] };
      expect(element.observedAttributes, folder).toEqual(expect.arrayContaining(['api-base', 'site-id', 'token', 'lang']));
    }
  });
});
