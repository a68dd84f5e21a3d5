import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal panel of the menu editor (add a module, choose an icon, a module's settings): a native
 * <dialog> (focus stays inside, Escape closes), `side` makes it a drawer at the window's edge.
 * Focus goes back where it was when it closes.
 */
export function MenuDialog({
  title,
  onClose,
  side = false,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  side?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      before?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog${side ? ' menu-drawer' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
