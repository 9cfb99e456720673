import { useState } from 'react';
import { Modal } from '../../app/auth/modal.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { banksTexts } from './texts.js';

/**
 * A delete button that asks first: the confirm dialog names the item; deleting runs once.
 *
 * @example <ConfirmDelete label="Delete **** 1111" question="Delete the bank card **** 1111?" onConfirm={remove} />
 */
export function ConfirmDelete({ label, question, onConfirm }: { label: string; question: string; onConfirm: () => Promise<void> }) {
  const t = usePageTexts(banksTexts);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <button className="link-button" type="button" aria-label={label} onClick={() => setOpen(true)}>
        {t('delete')}
      </button>
      {open ? (
        <Modal title={t('confirmTitle')} closeLabel={t('close')} onClose={() => setOpen(false)}>
          <p>{question}</p>
          <div className="wallet-actions">
            <button className="button" type="button" disabled={busy} onClick={() => void confirm()}>
              {t('confirm')}
            </button>
            <button className="button secondary" type="button" onClick={() => setOpen(false)}>
              {t('cancel')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
