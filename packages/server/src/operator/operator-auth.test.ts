import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, opsWhoami } from '@lobby/sdk';
import type { Database } from '../db/database.js';
import { buildTestApp } from '../testing/app.js';
import { callApi } from '../testing/client.js';
import { testEngines } from '../testing/databases.js';
import { seedOperator } from '../testing/operator.js';
import { memberWithBalance } from '../testing/members.js';
import { DEMO_OPERATOR_TOKEN, findOperator, setOperatorToken } from './operator-repository.js';

describe.each(testEngines())('operator authentication on %s', (engine) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('accepts a seeded operator token and names the operator', async () => {
    const token = await seedOperator(db);
    const { status, body } = await callApi(app, opsWhoami, {}, { token });
    expect(status).toBe(200);
    expect(body.data.name).toMatch(/^test-/);
  });

  it('seeds the demo operator ops with the demo token', async () => {
    const { body } = await callApi(app, opsWhoami, {}, { token: DEMO_OPERATOR_TOKEN });
    expect(body.data.name).toBe('ops');
  });

  it('refuses no token, an unknown token and a member token with operatorOnly (401)', async () => {
    const { token: memberToken } = await memberWithBalance(db, 0);
    for (const token of [undefined, 'x'.repeat(40), memberToken]) {
      const { status, body } = await callApi(app, opsWhoami, {}, token ? { token } : {});
      expect(status).toBe(401);
      expect(body.code).toBe(CODE.operatorOnly);
    }
  });

  it('keeps only a hash, and a new token replaces the old one', async () => {
    await setOperatorToken(db, 'rotated', 'first-token-0123456789');
    const { rows } = await db.query<{ token_hash: string }>("SELECT token_hash FROM operators WHERE name = 'rotated'");
    expect(rows[0]!.token_hash).not.toContain('first-token');
    await setOperatorToken(db, 'rotated', 'second-token-0123456789');
    expect(await findOperator(db, 'first-token-0123456789')).toBeNull();
    expect((await findOperator(db, 'second-token-0123456789'))?.name).toBe('rotated');
  });
});
