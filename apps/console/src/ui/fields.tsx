import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface FieldChrome {
  label: ReactNode;
  /** The server's or the schema's message, shown under the input and tied to it. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** Ids and aria attributes that tie label, hint and error to one control. */
function useChrome(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } };
}

function Messages({ hint, hintId, error, errorId }: { hint: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const c = useChrome(id, error, hint);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={c.inputId}>{label}</label>
      <input {...input} {...c.aria} id={c.inputId} />
      <Messages hint={hint} hintId={c.hintId} error={error} errorId={c.errorId} />
    </div>
  );
}

export type TextAreaProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({ label, error, hint, id, className, ...input }: TextAreaProps) {
  const c = useChrome(id, error, hint);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={c.inputId}>{label}</label>
      <textarea rows={4} {...input} {...c.aria} id={c.inputId} />
      <Messages hint={hint} hintId={c.hintId} error={error} errorId={c.errorId} />
    </div>
  );
}

export type SelectProps = FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<{ value: string; label: string }> };

export function Select({ label, error, hint, id, className, options, ...select }: SelectProps) {
  const c = useChrome(id, error, hint);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={c.inputId}>{label}</label>
      <select {...select} {...c.aria} id={c.inputId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages hint={hint} hintId={c.hintId} error={error} errorId={c.errorId} />
    </div>
  );
}

export type CheckboxProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function Checkbox({ label, error, hint, id, className, ...input }: CheckboxProps) {
  const c = useChrome(id, error, hint);
  return (
    <div className={`field field-check${className ? ` ${className}` : ''}`}>
      <input {...input} {...c.aria} type="checkbox" id={c.inputId} />
      <label htmlFor={c.inputId}>{label}</label>
      <Messages hint={hint} hintId={c.hintId} error={error} errorId={c.errorId} />
    </div>
  );
}

const HEX6 = /^#[0-9a-f]{6}$/i;

export type ColorFieldProps = FieldChrome & {
  value: string;
  onChange: (value: string) => void;
  id?: string;
  name?: string;
  required?: boolean;
};

/**
 * A colour as text (hex or rgb(), the spec's colour rule; the server checks it) with a swatch
 * picker beside it for the hex case.
 */
export function ColorField({ label, error, hint, id, value, onChange, name, required }: ColorFieldProps) {
  const c = useChrome(id, error, hint);
  return (
    <div className="field">
      <label htmlFor={c.inputId}>{label}</label>
      <div className="color-row">
        <input
          type="color"
          aria-label={typeof label === 'string' ? label : undefined}
          tabIndex={-1}
          value={HEX6.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          {...c.aria}
          id={c.inputId}
          name={name}
          required={required}
          value={value}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <Messages hint={hint} hintId={c.hintId} error={error} errorId={c.errorId} />
    </div>
  );
}
