import { type InputHTMLAttributes, useId } from 'react';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input; the error is announced and tied to the input. */
export function TextField({ label, error, hint, required, ...rest }: Props) {
  const id = useId();
  const { describedBy } = fieldMessageIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input id={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
