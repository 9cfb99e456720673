import { BusinessError } from '../http/errors.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A member-typed name, trimmed; refuses blank text and control characters (a NUL byte
 * cannot even be stored) with invalidField naming the field.
 *
 * @example plainText('realName', ' 张三 ') // '张三'
 */
export function plainText(field: string, value: string, options: { allowEmpty?: boolean } = {}): string {
  const trimmed = value.trim();
  if (CONTROL.test(trimmed)) throw new BusinessError('invalidField', `${field}: must not contain control characters`);
  if (!trimmed && !options.allowEmpty) throw new BusinessError('invalidField', `${field}: must not be blank`);
  return trimmed;
}
