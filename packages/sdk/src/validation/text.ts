import { PLAIN_TEXT, type TextRefusal } from '../contract/schema.js';
import { fail, ok, type Result } from './result.js';

/** The characters each text refusal stands for (see TextRefusal in the contract's schema). */
const REFUSED: Record<TextRefusal, (text: string) => boolean> = {
  nul: (text) => text.includes('\u0000'),
  loneSurrogate: (text) => /\p{Cs}/u.test(text),
  directionOverride: (text) => /[\u202A-\u202E\u2066-\u2069]/.test(text),
};

/** What each refusal says after the field name, in the server's 400 answers. */
export const TEXT_REFUSAL_WORDS: Record<TextRefusal, string> = {
  nul: 'must not contain NUL (U+0000)',
  loneSurrogate: 'must not contain a lone surrogate (half a UTF-16 pair)',
  directionOverride: 'must not contain direction-override characters (U+202A-U+202E, U+2066-U+2069)',
};

/**
 * The first refusal a text breaks, or undefined when it breaks none.
 *
 * @example refusedText('a\u202Eb', ['directionOverride']) // 'directionOverride'
 */
export function refusedText(text: string, refusals: readonly TextRefusal[] = PLAIN_TEXT): TextRefusal | undefined {
  return refusals.find((refusal) => REFUSED[refusal](text));
}

/**
 * The first refusal broken by any key or string inside a JSON value, or undefined.
 *
 * @example refusedInValue({ 'a\u0000': 1 }, ['nul']) // 'nul'
 */
export function refusedInValue(value: unknown, refusals: readonly TextRefusal[] = PLAIN_TEXT): TextRefusal | undefined {
  if (typeof value === 'string') return refusedText(value, refusals);
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const refusal = refusedText(key, refusals) ?? refusedInValue(item, refusals);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Chat content refuses what every text refuses and direction overrides (spec section 9; issue 17). */
export const CHAT_CONTENT_REFUSES: readonly TextRefusal[] = [...PLAIN_TEXT, 'directionOverride'];

/** Code points of the trimmed text: what the server counts against a room's word limit (spec section 9). */
export function chatWordCount(content: string): number {
  return [...content.trim()].length;
}

/**
 * The chat content the server will take: trimmed, not empty, within the room's word limit
 * (code points) and free of direction overrides, which could disguise the text.
 *
 * @example validateChatContent(' hi ', 200) // { ok: true, value: 'hi' }
 */
export function validateChatContent(content: string, wordLimit: number): Result<string> {
  const text = content.trim();
  if (text === '') return fail('chatContentEmpty');
  if (chatWordCount(text) > wordLimit) return fail('chatContentTooLong');
  if (refusedText(text, CHAT_CONTENT_REFUSES)) return fail('chatContentDisguised');
  return ok(text);
}
