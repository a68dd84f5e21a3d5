import { useId } from 'react';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';

interface Props {
  label: string;
  value: string;
  max: number;
  /** Visible lines (4 unless told). */
  rows?: number;
  hint?: string | undefined;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** A labelled multi-line message with its hint and error tied to it. */
export function MessageField({ label, value, max, rows = 4, hint, error, onChange }: Props) {
  const id = useId();
  const { describedBy } = fieldMessageIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
