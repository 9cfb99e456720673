import type { MessageKey } from '../i18n/messages.js';

/**
 * The answer of a validation rule: the accepted (possibly normalised) value, or the
 * message key to show. `reason` carries a server-given text (a disabled phone prefix).
 */
export type Result<T, E = MessageKey> = { ok: true; value: T } | { ok: false; error: E; reason?: string };

/** @example ok('13800138000') // { ok: true, value: '13800138000' } */
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** @example fail('phoneEmpty') // { ok: false, error: 'phoneEmpty' } */
export const fail = <E = MessageKey>(error: E, reason?: string): { ok: false; error: E; reason?: string } =>
  reason === undefined ? { ok: false, error } : { ok: false, error, reason };
