import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'primary' | 'secondary' | 'danger';
  /** Working: disabled, with a spinner and "Please wait" for screen readers. */
  busy?: boolean;
}

export function Button({ variant = 'secondary', busy = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      {...rest}
      type={type}
      className={`btn btn-${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
      {busy && <span className="visually-hidden">{t('console.common.busy')}</span>}
    </button>
  );
}
