import { type ReactNode, useId } from 'react';
import { Icon } from './icon.tsx';

interface Props {
  /** The input's label, also its placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A search of the page (feeds, lists): a `<search>` form that Enter submits. Left out inside another form (pickers). */
  onSubmit?: () => void;
  maxLength?: number;
}

/** A rounded search field with its icon (`.search-pill`), labelled for screen readers. */
export function SearchField({ label, value, onChange, onSubmit, maxLength = 100 }: Props) {
  const id = useId();
  const body: ReactNode = (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={18} />
      <input id={id} type="search" value={value} placeholder={label} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />
    </>
  );
  if (!onSubmit) return <div className="search-pill">{body}</div>;
  return (
    <search>
      <form
        className="search-pill"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {body}
      </form>
    </search>
  );
}
