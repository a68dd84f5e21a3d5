import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface Tab {
  id: string;
  label: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (automatic activation); only the
 * chosen tab is in the tab order. The caller renders the chosen panel as `children`.
 */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: readonly Tab[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
  children: ReactNode;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === selected);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    e.preventDefault();
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${base}-tab-${tab.id}`)}`)?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown} className="tab-list">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
