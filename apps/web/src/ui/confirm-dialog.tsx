import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

interface Props {
  open: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action (delete, discard): the confirm button shows it. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before a destructive or final action (spec 2 §4): the cancel button has the focus first. */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, danger, busy, onConfirm, onClose }: Props) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            {cancelLabel}
          </Button>
          <Button className={danger ? 'btn-danger' : undefined} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {text ? <p className="muted">{text}</p> : null}
    </Dialog>
  );
}
