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
  /**
   * The message past `max`: nothing typed or pasted is cut, the field shows this at once instead.
   * Without it the field stops at `max` (maxLength).
   */
  tooLong?: string;
  onChange: (value: string) => void;
}

/** A labelled multi-line message with its hint and error tied to it. */
export function MessageField({ label, value, max, rows = 4, hint, error, tooLong, onChange }: Props) {
  const id = useId();
  const shown = tooLong && value.length > max ? tooLong : error;
  const { describedBy } = fieldMessageIds(id, hint, shown);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={tooLong ? undefined : max}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldMessages id={id} hint={hint} error={shown} />
    </div>
  );
}
