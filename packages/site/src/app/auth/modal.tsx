import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal `<dialog>` opened with showModal() (top layer, focus kept inside); Escape or
 * the close button calls `onClose`.
 *
 * @example <Modal title="Register" onClose={close}>...</Modal>
 */
export function Modal({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    element.addEventListener('close', onClose);
    return () => element.removeEventListener('close', onClose);
  }, [onClose]);
  return (
    <dialog ref={dialog} className="modal" aria-label={title}>
      <div className="modal-head">
        <h2>{title}</h2>
        <button className="link-button" type="button" onClick={() => dialog.current?.close()}>
          {closeLabel}
        </button>
      </div>
      {children}
    </dialog>
  );
}
