import { describe, expect, it } from 'vitest';
import { CODE, opsWhoami } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import { DEMO_OPERATOR_TOKEN, findOperator, setOperatorToken } from './operator-repository.js';

describe.each(testEngines())('operator authentication on %s', (engine) => {
  const suite = serverSuite(engine);

  it('accepts a seeded operator token and names the operator', async () => {
    const token = suite.opsToken;
    const { status, body } = await suite.call(opsWhoami, {}, { token });
    expect(status).toBe(200);
    expect(body.data.name).toMatch(/^test-/);
  });

  it('seeds the demo operator ops with the demo token', async () => {
    const { body } = await suite.call(opsWhoami, {}, { token: DEMO_OPERATOR_TOKEN });
    expect(body.data.name).toBe('ops');
  });

  it('refuses no token, an unknown token and a member token with operatorOnly (401)', async () => {
    const { token: memberToken } = await suite.memberWithBalance(0);
    for (const token of [undefined, 'x'.repeat(40), memberToken]) {
      const { status, body } = await suite.call(opsWhoami, {}, token ? { token } : {});
      expect(status).toBe(401);
      expect(body.code).toBe(CODE.operatorOnly);
    }
  });

  it('keeps only a hash, and a new token replaces the old one', async () => {
    await setOperatorToken(suite.db, 'rotated', 'first-token-0123456789');
    const { rows } = await suite.db.query<{ token_hash: string }>("SELECT token_hash FROM operators WHERE name = 'rotated'");
    expect(rows[0]!.token_hash).not.toContain('first-token');
    await setOperatorToken(suite.db, 'rotated', 'second-token-0123456789');
    expect(await findOperator(suite.db, 'first-token-0123456789')).toBeNull();
    expect((await findOperator(suite.db, 'second-token-0123456789'))?.name).toBe('rotated');
  });
});
