import { ApiError, CODE } from '@lobby/sdk';

/** A refusal as a page shows it: the catalogue or server message and the code. */
export interface Refusal {
  code: number;
  message: string;
  serverMessage: string;
}

/**
 * The refusal of a failed call: the ApiError's code and messages, or internalError with
 * the failure's text for anything else.
 *
 * @example setRefusal(refusalOf(failure))
 */
export function refusalOf(failure: unknown): Refusal {
  if (failure instanceof ApiError) return { code: failure.code, message: failure.message, serverMessage: failure.serverMessage };
  return { code: CODE.internalError, message: String(failure), serverMessage: '' };
}
