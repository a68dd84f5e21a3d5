import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** The confirming button's text (say what happens: "Delete member"). */
  confirmLabel: ReactNode;
  /** A destructive action: the confirming button is red and Cancel has the focus first. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Destructive actions ask first": a native modal <dialog> (the browser keeps focus inside and
 * makes the page behind inert; Escape cancels). Focus returns where it was on close.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, destructive, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const before = document.activeElement as HTMLElement | null;
      dialog.showModal();
      (destructive ? cancelRef.current : confirmRef.current)?.focus();
      return () => {
        if (dialog.open) dialog.close();
        before?.focus?.();
      };
    }
    return undefined;
  }, [open, destructive]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id="confirm-title" className="dialog-title">
        {title}
      </h2>
      {children && <div className="dialog-body">{children}</div>}
      <div className="dialog-actions">
        <Button ref={cancelRef} onClick={onCancel} disabled={busy}>
          {t('console.common.cancel')}
        </Button>
        <Button ref={confirmRef} variant={destructive ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
