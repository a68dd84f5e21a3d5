import { type ReactNode, useId } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
}

/** A modal on the native <dialog>: focus is trapped, Escape closes, focus returns on close. */
export function Dialog({ open, title, onClose, children, actions }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      {actions ? <div className="modal-actions">{actions}</div> : null}
    </dialog>
  );
}
