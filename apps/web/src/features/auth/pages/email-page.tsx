import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { storage } from '../../../lib/storage.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useCheckEmail } from '../api/check-email.ts';
import { AuthScreen, FormAlert } from '../components/auth-screen.tsx';
import { EmailField } from '../components/email-field.tsx';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import '../auth.css';
import '../auth-forms.css';

/** auth.email: one address decides the path: password step (registered) or finish sign-up (new). */
export default function EmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: config } = useAppConfig();
  const check = useCheckEmail();
  const [inviteOnly, setInviteOnly] = useState(false);
  const form = useAuthForm({
    initial: { email: storage.get('auth_email') ?? '' },
    schema: (s) => s.checkEmailBody,
    body: (v) => ({ email: v.email }),
    focusFirst: true,
    submit: async ({ email }) => {
      const { registered } = await check.mutateAsync({ email });
      storage.set('auth_email', email);
      if (registered) navigate('/login/auth-finish');
      else if (config?.signup_mode === 'invite') setInviteOnly(true);
      else navigate('/login/finish');
    },
  });

  return (
    <AuthScreen title={t('auth.email.title')} lead={t('auth.email.text')} back="/login" focusTitle={false}>
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.onSubmit}>
        <EmailField
          value={form.values.email}
          onChange={(e) => {
            setInviteOnly(false);
            form.setValue('email', e.target.value);
          }}
          error={form.errors.email}
        />
        {inviteOnly ? (
          <div className="auth-notice" role="alert">
            <Icon name="lock" size={20} />
            <div>
              <p className="auth-notice-title">{t('auth.email.inviteOnlyTitle')}</p>
              <p>{t('auth.errors.signupClosed')}</p>
            </div>
          </div>
        ) : null}
        <FormAlert ref={form.formErrorRef} message={form.formError} />
        <Button type="submit" block busy={form.busy}>
          {t('auth.email.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
