import { useState, type FormEvent } from 'react';

/** The three texts of an appeal: the button that opens it, the field's label and the send button. */
export interface AppealTexts {
  open: string;
  content: string;
  send: string;
}

/**
 * An appeal behind a button: the button opens a form with one required text of at most
 * 500 characters, sent trimmed (and only when not blank) through `onSend`.
 *
 * @example <AppealForm texts={{ open: t('appeal'), content: t('appealContent'), send: t('appealSend') }} busy={busy} onSend={(content) => appeal(billNo, content)} />
 */
export function AppealForm({ texts, busy, onSend }: { texts: AppealTexts; busy: boolean; onSend: (content: string) => unknown }) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  if (!open) {
    return (
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        {texts.open}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() !== '') void onSend(content.trim());
  };
  return (
    <form className="stack-form narrow" onSubmit={submit} aria-label={texts.open}>
      <label>
        {texts.content}
        <textarea value={content} maxLength={500} required onChange={(event) => setContent(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={busy}>
        {texts.send}
      </button>
    </form>
  );
}
