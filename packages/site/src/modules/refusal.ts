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

/**
 * A refusal as one line: its message, then the server's own words in brackets when they say
 * more (full-width brackets in Chinese). '' for no refusal.
 *
 * @example refusalText({ code: 260010, message: '活动未开始', serverMessage: 'starts at 10:00' }, 'zh-CN') // '活动未开始（starts at 10:00）'
 */
export function refusalText(refusal: Refusal | null, language: string): string {
  if (!refusal) return '';
  const more = refusal.serverMessage && refusal.serverMessage !== refusal.message ? refusal.serverMessage : '';
  if (!more) return refusal.message;
  return language.startsWith('zh') ? `${refusal.message}（${more}）` : `${refusal.message} (${more})`;
}

/**
 * Runs a page action: `busy` while it runs, the refusal cleared first and set from its
 * failure. Answers the action's result, or undefined when it was refused.
 *
 * @example const ok = (await runRefusable(setBusy, setRefusal, async () => { await send(); return true })) ?? false;
 */
export async function runRefusable<T>(setBusy: (busy: boolean) => void, setRefusal: (refusal: Refusal | null) => void, work: () => Promise<T>): Promise<T | undefined> {
  setBusy(true);
  setRefusal(null);
  try {
    return await work();
  } catch (failure) {
    setRefusal(refusalOf(failure));
    return undefined;
  } finally {
    setBusy(false);
  }
}
