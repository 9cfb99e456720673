/** True for a control character other than tab and line breaks (PostgreSQL text cannot even hold NUL). */
function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * Trimmed text of `min` to `max` characters (code points) without control characters, or undefined.
 *
 * @example cleanText('  call after 6 pm ', 0, 200) // 'call after 6 pm'
 */
export function cleanText(text: string, min: number, max: number): string | undefined {
  const trimmed = text.trim();
  const length = [...trimmed].length;
  return length >= min && length <= max && !hasControl(trimmed) ? trimmed : undefined;
}
