import { CODE, httpStatusOf, type CodeName, type Envelope } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/**
 * A refusal a handler throws on purpose. Business codes (spec section 8 and the member
 * codes) travel as HTTP 200 with the code in the envelope; platform codes travel with their
 * own status (`httpStatusOf`: 400, 401, 404, 409, 429, 500).
 *
 * @example throw new BusinessError('passwordWrong', 'name or password is wrong');
 */
export class BusinessError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(code: CodeName | number, message: string, data: unknown = null) {
    super(message);
    this.name = 'BusinessError';
    this.code = typeof code === 'number' ? code : CODE[code];
    this.status = httpStatusOf(this.code);
    this.data = data;
  }
}

/**
 * A refusal that must leave a trace although the work it refuses rolls back: a wrong
 * withdrawal password inside a withdrawal request still counts toward the lockout.
 * `record` runs after the rollback in a transaction of its own: the idempotency guard's
 * transaction that stores the refusal (so once per key, never for a replay), or, for a
 * call without the guard, one transaction right after the handler's.
 *
 * @example throw new RecordedRefusal('withdrawPasswordWrong', 'wrong', (tx) => countWithdrawPasswordFailure(tx, memberId, nowMs));
 */
export class RecordedRefusal extends BusinessError {
  constructor(
    code: CodeName | number,
    message: string,
    readonly record: (tx: Queryable) => Promise<void>,
  ) {
    super(code, message);
    this.name = 'RecordedRefusal';
  }
}

/** The success envelope around a handler's data. */
export function okEnvelope<T>(data: T): Envelope<T> {
  return { code: CODE.success, msg: 'ok', data };
}

/** The envelope of a refusal; `data` is null unless the refusal carries details. */
export function errorEnvelope(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data };
}
