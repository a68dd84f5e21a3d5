// Its toasts are texts of the 'filters' namespace: a page using it lists 'filters' in its module's namespaces.
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/events.ts';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';
import { checkBounds, digitsOnly, matchesPattern } from './range.ts';

export interface NumberInputProps {
  label: string;
  /** The label is read by screen readers only (the field sits under a visible title). */
  hideLabel?: boolean;
  /** null while the field is empty. */
  value: number | null;
  /** Called with every valid number typed, and with the clamped bound when a value was out of bounds. */
  onChange: (value: number | null) => void;
  /** Enforced only when both are given and neither is negative (spec 1 §5). */
  min?: number;
  max?: number;
  /** Tested on each input (a string is the whole value, as in HTML's `pattern`); a failed match marks the field invalid. */
  pattern?: string | RegExp;
  /** Shown under the field while the pattern does not match; "This value is not valid" by default. */
  patternMessage?: string;
  /** A message from outside (a server's 422), shown under the field. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Allows one decimal point (a slider with a 0.01 step); otherwise digits only. */
  allowDecimal?: boolean;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
}

const show = (value: number | null) => (value === null ? '' : String(value));

/**
 * A number field (spec 1 §5): it takes digits only; with non-negative min and max, a value above max
 * is clamped at once, and one below min when the field is left or Enter is pressed (more digits could
 * still reach min), each with the error toast "The maximum/minimum value is {val}!".
 */
export function NumberInput({
  label,
  hideLabel,
  value,
  onChange,
  min,
  max,
  pattern,
  patternMessage,
  error,
  hint,
  allowDecimal,
  required,
  disabled,
  placeholder,
  name,
}: NumberInputProps) {
  const { t } = useTranslation();
  const id = useId();
  // The text as typed ("1." while typing 1.5); a new value from outside replaces it unless it already says so.
  const [text, setText] = useState(show(value));
  const [seen, setSeen] = useState(value);
  const [mismatch, setMismatch] = useState(false);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (text === '' ? value !== null : Number(text) !== value) setText(show(value));
  }

  const emit = (next: number | null) => {
    if (!Object.is(next, value)) onChange(next);
  };
  const clampTo = (bound: 'min' | 'max', next: number) => {
    toast(t(bound === 'min' ? 'filters.minValue' : 'filters.maxValue', { val: next }), 'error');
    setText(String(next));
    setMismatch(!matchesPattern(String(next), pattern));
    emit(next);
  };

  const onInput = (raw: string) => {
    const typed = digitsOnly(raw, allowDecimal);
    setText(typed);
    setMismatch(typed !== '' && !matchesPattern(typed, pattern));
    if (typed === '') return emit(null);
    const n = Number(typed);
    if (Number.isNaN(n)) return;
    const checked = checkBounds(n, min, max);
    if (checked.clamped === 'max') return clampTo('max', checked.value);
    // Below min: wait for the field to be left; the person may still be typing.
    if (checked.clamped !== 'min') emit(n);
  };
  const commit = () => {
    const n = text === '' ? Number.NaN : Number(text);
    // An empty or unreadable field the parent did not take shows the value again.
    if (Number.isNaN(n)) {
      if (value !== null) setText(show(value));
      return;
    }
    const checked = checkBounds(n, min, max);
    if (checked.clamped) clampTo(checked.clamped, checked.value);
  };

  const message = error ?? (mismatch ? (patternMessage ?? t('common.errors.invalid')) : undefined);
  const { describedBy } = fieldMessageIds(id, hint, message);
  return (
    <div className="field number-input">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={allowDecimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onInput(e.target.value)}
        onBlur={commit}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <FieldMessages id={id} hint={hint} error={message} />
    </div>
  );
}
