import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/app-state.ts';
import { meta } from '../../../lib/meta.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

type Policy = 'privacy' | 'terms';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

/**
 * The sign-up consent checkbox. The app config has no policy addresses, so the
 * Privacy Policy and Terms of Use open in a dialog instead of another site.
 */
export function ConsentField({ checked, onChange, error }: Props) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState<Policy | null>(null);
  const app = config?.app_name ?? meta.app_name;
  const policyButton = (policy: Policy) => (
    <button
      type="button"
      className="auth-inline-link"
      onClick={(e) => {
        // The button sits inside the checkbox's label: do not toggle the box.
        e.preventDefault();
        setOpen(policy);
      }}
    />
  );
  return (
    <div className="field">
      <div className="check auth-consent">
        <input
          id={id}
          type="checkbox"
          name="consent"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          <Trans i18nKey="auth.register.consent" components={{ privacy: policyButton('privacy'), terms: policyButton('terms') }} />
        </label>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Dialog
        open={open !== null}
        title={open === 'terms' ? t('auth.policies.termsTitle') : t('auth.policies.privacyTitle')}
        onClose={() => setOpen(null)}
        actions={<Button onClick={() => setOpen(null)}>{t('common.actions.close')}</Button>}
      >
        <p>{open === 'terms' ? t('auth.policies.termsText', { app }) : t('auth.policies.privacyText', { app })}</p>
      </Dialog>
    </div>
  );
}
