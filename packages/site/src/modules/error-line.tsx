/**
 * A form's error, announced as an alert; nothing while `error` is empty.
 *
 * @example <ErrorLine error={problem} />
 */
export function ErrorLine({ error }: { error: string }) {
  return error ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null;
}
