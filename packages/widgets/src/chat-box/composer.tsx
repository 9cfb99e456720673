import { useState } from 'preact/hooks';
import type { Language } from '@lobby/sdk';
import { text } from './texts.js';

/**
 * What the server counts against the word limit (server chat/speak-rules.ts, checkText):
 * the text trimmed, in code points (spec section 9, word limit).
 *
 * @example wordCount('  好😀 ') // 2
 */
export function wordCount(value: string): number {
  return [...value.trim()].length;
}

/** The text box with a live count against the room's word limit. */
export function Composer({ lang, wordLimit, disabled, send }: { lang: Language; wordLimit: number; disabled: boolean; send(content: string): Promise<string> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const count = wordCount(value);
  const over = count > wordLimit;
  const submit = async (event: Event) => {
    event.preventDefault();
    if (sending || over || value.trim() === '') return;
    setSending(true);
    const refusal = await send(value);
    setSending(false);
    setError(refusal);
    if (!refusal) setValue('');
  };
  return (
    <>
      <form class="composer" onSubmit={submit}>
        <input
          name="content"
          value={value}
          placeholder={text(lang, 'placeholder')}
          aria-label={text(lang, 'placeholder')}
          disabled={disabled}
          onInput={(event) => setValue((event.target as HTMLInputElement).value)}
        />
        <span class="count" data-over={over ? '' : undefined}>
          {count}/{wordLimit}
        </span>
        <button type="submit" disabled={disabled || sending || over || value.trim() === ''}>
          {text(lang, 'send')}
        </button>
      </form>
      {error && (
        <div class="error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
