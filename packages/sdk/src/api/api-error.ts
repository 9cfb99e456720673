import { messageForCode, t } from '../i18n/translate.js';

/** Spec section 8: a server message with this text means 'the operation is too frequent'. */
const DUPLICATE_SUBMISSION = '重复提交';

/**
 * The one error of the API client: a refusal in the envelope, an HTTP failure or a
 * network failure. `message` is the catalogue message in the current language, else the
 * server's `msg`; `serverMessage` keeps the server's text for the screens where the spec
 * shows it (deposit page, payment methods, coin permission).
 *
 * @example if (error instanceof ApiError && error.code === CODE.hasOtherOne) showOrder()
 */
export class ApiError extends Error {
  override readonly name = 'ApiError' as const;
  readonly code: number;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly serverMessage: string;
  readonly data?: unknown;

  constructor(init: { code: number; status: number; message: string; serverMessage?: string; data?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.serverMessage = init.serverMessage ?? '';
    if (init.data !== undefined) this.data = init.data;
  }
}

/**
 * The message shown for a refusal: 'the operation is too frequent' when the server says
 * "duplicate submission", else the catalogue message, else the server msg, else a generic
 * failure text.
 *
 * @example errorMessage(244303, '', 'en') // 'You have another order in progress'
 */
export function errorMessage(code: number, serverMessage: string, language?: string): string {
  if (serverMessage.includes(DUPLICATE_SUBMISSION)) return t('operationTooFrequent', undefined, language);
  return messageForCode(code, language) ?? (serverMessage || t('requestFailed', undefined, language));
}
