import { useText } from '../../i18n/use-text.js';

/**
 * The new password (at least 6 characters) under `label`, and its confirmation; the form
 * reads them as `password` and `confirm`.
 *
 * @example <NewPasswordFields label={text('newPassword')} />
 */
export function NewPasswordFields({ label }: { label: string }) {
  const text = useText();
  return (
    <>
      <label>
        {label}
        <input name="password" type="password" autoComplete="new-password" minLength={6} required />
      </label>
      <label>
        {text('confirmPassword')}
        <input name="confirm" type="password" autoComplete="new-password" minLength={6} required />
      </label>
    </>
  );
}
