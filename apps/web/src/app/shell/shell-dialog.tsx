import type { ReactNode } from 'react';
import { useModalDialog } from '../../ui/use-modal-dialog.ts';
import './shell-dialog.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  /** Look: sheet (bottom panel), drawer (slides down from the header) or fullscreen. */
  kind: 'sheet' | 'drawer' | 'fullscreen';
  id?: string;
  children: ReactNode;
}

/**
 * The menus' overlays, on the native modal <dialog>: the page behind is inert, focus stays
 * inside, Escape and a click on the backdrop close it, focus returns to the opener.
 */
export function ShellDialog({ open, onClose, label, kind, id, children }: Props) {
  const ref = useModalDialog(open);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handles the backdrop only; Escape is the keyboard way out
    <dialog
      ref={ref}
      id={id}
      className={`shell-dialog shell-dialog-${kind}`}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open ? <div className="shell-dialog-body">{children}</div> : null}
    </dialog>
  );
}
