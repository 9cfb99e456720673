import type { Queryable } from '../db/database.js';
import { DEMO_OPERATOR_NAME, DEMO_OPERATOR_TOKEN, setOperatorToken } from '../operator/operator-repository.js';

/**
 * Seeds the demo operator `ops` with the public demo token (LOBBY_OPERATOR_TOKEN, when
 * set, replaces it at every start; see server.ts), so `npm run ops` works at once.
 *
 * @example await seedOperator(tx);
 */
export async function seedOperator(tx: Queryable): Promise<void> {
  await setOperatorToken(tx, DEMO_OPERATOR_NAME, DEMO_OPERATOR_TOKEN);
}
