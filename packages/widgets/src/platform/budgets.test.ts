import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** Issue 4 budgets: gzip bytes of each standalone file (Preact and the core included). */
export const BUDGET_GZIP_BYTES: Record<string, number> = {
  'lobby.js': 1024,
  'lobby-order-ball.js': 16 * 1024,
  'lobby-float-window.js': 14 * 1024,
  'lobby-coin-purchase.js': 16 * 1024,
};

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const built = Object.keys(BUDGET_GZIP_BYTES).every((file) => existsSync(dist + file));
const title = built ? 'widget size budgets' : `widget size budgets: skipped, ${dist} is not built; run \`npm run build\` (the root \`npm test\` builds first)`;
if (!built) console.warn(title);

describe.skipIf(!built)(title, () => {
  for (const [file, budget] of Object.entries(BUDGET_GZIP_BYTES)) {
    it(`${file} is at most ${budget} bytes gzip`, () => {
      const code = readFileSync(dist + file);
      expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(budget);
    });
  }

  it('carry the calls they make but not the contract schemas (wireOnlyCalls in rollup.config.mjs)', () => {
    const code = readFileSync(dist + 'lobby-order-ball.js', 'utf8');
    expect(code).toContain('/finance/v1/withdraw/order_info');
    expect(code).not.toContain('Seconds left before the draw expires');
    expect(code).not.toContain('Withdraw order info (fast withdrawal order with its draws)');
  });

  it('the standalone files use no eval, no new Function and no inline style elements', () => {
    for (const file of Object.keys(BUDGET_GZIP_BYTES)) {
      const code = readFileSync(dist + file, 'utf8');
      expect(code, file).not.toMatch(/\beval\(|new Function\(|createElement\("style"\)/);
    }
  });
});
