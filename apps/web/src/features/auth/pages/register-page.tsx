import type { RegisterBody } from '@app/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { storage } from '../../../lib/storage.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useRegister } from '../api/register.ts';
import { AuthScreen, FormAlert } from '../components/auth-screen.tsx';
import { ConsentField } from '../components/consent-field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import '../auth.css';
import '../auth-forms.css';

/** auth.register (/login/finish): finish sign-up for a new e-mail; a confirmation mail follows. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  if (config?.signup_mode === 'invite') {
    return (
      <AuthScreen center icon="lock" title={t('auth.email.inviteOnlyTitle')} lead={t('auth.errors.signupClosed')}>
        <div className="auth-actions">
          <Link to="/login" className="btn btn-primary btn-block">
            {t('auth.backToLogin')}
          </Link>
        </div>
      </AuthScreen>
    );
  }
  return <RegisterForm />;
}

interface RegisterValues {
  [field: string]: string | boolean;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  consent: boolean;
}

function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useAuthForm<RegisterValues, RegisterBody>({
    initial: { email: storage.get('auth_email') ?? '', first_name: '', last_name: '', password: '', consent: false },
    schema: (s) => s.registerBody,
    body: (v) => v,
    submit: async (body) => {
      const answer = await register.mutateAsync(body);
      storage.set('auth_email', answer.email);
      storage.set('registration_email', answer.email);
      navigate('/login/checkMail');
    },
  });
  const { values, errors, setValue } = form;

  return (
    <AuthScreen title={t('auth.register.title')} lead={t('auth.register.text')} back="/login/email">
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.onSubmit}>
        <EmailField value={values.email} onChange={(e) => setValue('email', e.target.value)} error={errors.email} />
        <div className="auth-names">
          <TextField
            label={t('auth.fields.firstName')}
            name="first_name"
            autoComplete="given-name"
            aria-required="true"
            value={values.first_name}
            onChange={(e) => setValue('first_name', e.target.value)}
            error={errors.first_name}
          />
          <TextField
            label={t('auth.fields.lastName')}
            name="last_name"
            autoComplete="family-name"
            aria-required="true"
            value={values.last_name}
            onChange={(e) => setValue('last_name', e.target.value)}
            error={errors.last_name}
          />
        </div>
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="new-password"
          aria-required="true"
          hint={t('auth.fields.passwordHint')}
          value={values.password}
          onChange={(e) => setValue('password', e.target.value)}
          error={errors.password}
        />
        <ConsentField checked={values.consent} onChange={(c) => setValue('consent', c)} error={errors.consent} />
        <FormAlert ref={form.formErrorRef} message={form.formError} />
        <Button type="submit" block busy={form.busy}>
          {t('auth.register.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login/email" className="auth-link">
          {t('auth.register.signIn')}
        </Link>
      </p>
    </AuthScreen>
  );
}
