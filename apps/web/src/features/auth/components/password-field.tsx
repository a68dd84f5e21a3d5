import { type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
}

const EYE = 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2';

/** A labelled password input with a show/hide toggle; the error is announced and tied to the input like TextField's. */
export function PasswordField({ label, error, hint, ...rest }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const { describedBy } = fieldMessageIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-pressed={shown}
          aria-label={t('auth.fields.showPassword')}
          onClick={() => setShown((s) => !s)}
        >
          <svg
            width={22}
            height={22}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d={shown ? EYE_OFF : EYE} />
          </svg>
        </button>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
