import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LobbyStub } from '@lobby/widgets';

/** Issue 4 budget: the loader stub is at most 1 KB gzip. */
const LOADER_BUDGET_GZIP_BYTES = 1024;
const builtFile = fileURLToPath(new URL('../../dist/lobby.js', import.meta.url));
const built = existsSync(builtFile);
const title = built
  ? 'built lobby.js'
  : `built lobby.js: skipped, ${builtFile} is not built; run \`npm run build\` (the root \`npm test\` builds first)`;

if (!built) console.warn(title);

describe.skipIf(!built)(title, () => {
  const code = built ? readFileSync(builtFile, 'utf8') : '';

  it(`is at most ${LOADER_BUDGET_GZIP_BYTES} bytes gzip`, () => {
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(LOADER_BUDGET_GZIP_BYTES);
  });

  it('loads twice on one page, keeping the first queue', async () => {
    const window: { lobby?: LobbyStub; setTimeout: typeof setTimeout } = { setTimeout };
    const context = { window, setTimeout };
    runInNewContext(code, context);
    const first = window.lobby;
    expect(typeof first).toBe('function');
    first?.('session', { token: 't1' });
    runInNewContext(code, context);
    expect(window.lobby).toBe(first);
    expect(first?.queue).toEqual([['session', { token: 't1' }]]);
    const seen: unknown[] = [];
    first?.takeOver((command, ...args) => seen.push([command, ...args]));
    expect(seen).toEqual([['session', { token: 't1' }]]);
    await expect(first?.ready).resolves.toBe(first);
  });
});
