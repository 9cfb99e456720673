import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { newOperatorToken, setOperatorToken } from '../operator/operator-repository.js';

/**
 * A new operator with a random token, for tests of operator calls (`auth: 'operator'`):
 * pass the token as `{ token }` to callApi or signedInject.
 *
 * @example const opsToken = await seedOperator(db); await callApi(app, opsDepositConfirm, { billNo }, { token: opsToken });
 */
export async function seedOperator(db: Queryable): Promise<string> {
  const token = newOperatorToken();
  await setOperatorToken(db, `test-${randomBytes(6).toString('hex')}`, token);
  return token;
}
