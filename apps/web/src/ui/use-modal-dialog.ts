import { useEffect, useRef } from 'react';

/** Opens and closes a native <dialog> as a modal (inert page, focus trapped and restored) with `open`. */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
    // Unmounted while open (a dialog rendered only when needed): close it, so focus goes back.
    return () => {
      if (el.open) el.close();
    };
  }, [open]);
  return ref;
}
