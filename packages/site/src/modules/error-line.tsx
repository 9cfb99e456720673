import { useStore } from '@nanostores/react';
import { $language } from '@lobby/sdk';
import { refusalText, type Refusal } from './refusal.js';

/**
 * A form's error, announced as an alert; nothing while `error` is empty, unless `standing`
 * keeps the empty alert in the page so that the first error is announced as it fills in.
 *
 * @example <ErrorLine error={problem} />
 */
export function ErrorLine({ error, standing = false }: { error: string; standing?: boolean }) {
  return error || standing ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * A page action's refusal as an ErrorLine (`refusalText` in the member's language).
 *
 * @example <RefusalLine refusal={refusal} />
 */
export function RefusalLine({ refusal }: { refusal: Refusal | null }) {
  const language = useStore($language);
  return <ErrorLine error={refusalText(refusal, language)} />;
}
