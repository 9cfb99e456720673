import type { Migration } from '../migration.js';
import { seamlessFunctionsMigration } from './0731-seamless-functions.js';

/**
 * A seamless win lobby refused (its round over or cancelled, or the debit it pays rolled
 * back) is marked `debit_state = 'refused'`, as the responsible-play window sums (migration
 * 1030's `rp_door_clear`, responsible/limits/windows.ts) always assumed: before, such a win
 * counted as money got back although nothing was paid, so it lowered the member's counted
 * net loss. Rows kept before are marked by their kept refusal answer.
 */
const seamlessWin731 = (() => {
  const up = seamlessFunctionsMigration.up;
  const start = up.indexOf('CREATE FUNCTION seamless_win(');
  return up.slice(start, up.indexOf('END $$;', start) + 'END $$;'.length).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');
})();
const REFUSED_WIN = '    UPDATE seamless_transactions SET answer = body WHERE provider_id = p_provider AND transaction_id = p_tx;\n    RETURN body;';
const seamlessWinMarkingRefusals = (() => {
  const parts = seamlessWin731.split(REFUSED_WIN);
  if (parts.length !== 3) throw new Error('migration 1140: seamless_win of 0731 is not the one this migration changes');
  return parts.join("    UPDATE seamless_transactions SET answer = body, debit_state = 'refused' WHERE provider_id = p_provider AND transaction_id = p_tx;\n    RETURN body;");
})();

export const seamlessRefusedWinsMigration: Migration = {
  id: 1140,
  name: 'seamless refused wins marked refused',
  up: `
${seamlessWinMarkingRefusals}
UPDATE seamless_transactions SET debit_state = 'refused'
 WHERE operation = 'win' AND debit_state IS NULL AND answer LIKE '{"status":"ERROR"%';
`,
  down: `
${seamlessWin731}
UPDATE seamless_transactions SET debit_state = NULL WHERE operation = 'win' AND debit_state = 'refused';
`,
};
