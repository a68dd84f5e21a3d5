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
 * The sign-up consent checkbox. The Privacy Policy and Terms of Use open the
 * organiser's own pages when the app names them (console), else a dialog with
 * the organiser's text or the built-in one.
 */
export function ConsentField({ checked, onChange, error }: Props) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState<Policy | null>(null);
  const app = config?.app_name ?? meta.app_name;
  const urls: Record<Policy, string | null | undefined> = { privacy: config?.privacy_url, terms: config?.terms_url };
  const texts: Record<Policy, string | null | undefined> = { privacy: config?.privacy_text, terms: config?.terms_text };
  const dialogButton = (policy: Policy) => (
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
  const policyButton = (policy: Policy) => {
    // The organiser's own page when they gave one (console), else the text in a dialog.
    const url = urls[policy];
    if (url) {
      // biome-ignore lint/a11y/useAnchorContent: <Trans> fills in the link's text
      return <a className="auth-inline-link" href={url} target="_blank" rel="noopener noreferrer" />;
    }
    return dialogButton(policy);
  };
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
        <p className="auth-policy-text">
          {open
            ? (texts[open] ?? (open === 'terms' ? t('auth.policies.termsText', { app }) : t('auth.policies.privacyText', { app })))
            : null}
        </p>
      </Dialog>
    </div>
  );
}
