import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import './actions-menu.css';

export interface MenuAction {
  key: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
  icon?: ReactNode;
}

interface Props {
  /** The button's accessible name ("More actions"). */
  label: string;
  actions: MenuAction[];
}

/**
 * A "⋯" button opening a list of actions (copy link, edit, delete, report…). Arrow keys move
 * between items, Escape and a click outside close it and give the focus back to the button.
 */
export function ActionsMenu({ label, actions }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const [up, setUp] = useState(false);
  // Opens upwards when the list would run under the bottom of the screen (or the phone's footer menu).
  useLayoutEffect(() => {
    const el = list.current;
    if (!open || !el) {
      setUp(false);
      return;
    }
    const footer = document.querySelector('footer')?.getBoundingClientRect().height ?? 0;
    const rect = el.getBoundingClientRect();
    setUp(rect.bottom > window.innerHeight - footer && rect.top - rect.height - 48 > 0);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const outside = (e: PointerEvent) => {
      if (!list.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (actions.length === 0) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  };
  return (
    <div className="actions-menu">
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open ? (
        <div ref={list} id={id} role="menu" className={`actions-menu-list${up ? ' up' : ''}`} onKeyDown={onKeyDown}>
          {actions.map((a) => (
            <button
              key={a.key}
              type="button"
              role="menuitem"
              className={a.danger ? 'danger' : undefined}
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                a.onSelect();
              }}
            >
              {a.icon}
              {a.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
