import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { storage } from '../../../lib/storage.ts';
import { Button } from '../../../ui/button.tsx';
import { useLogin } from '../api/login.ts';
import { AuthScreen, FormAlert } from '../components/auth-screen.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { startSession } from '../start-session.ts';
import '../auth.css';
import '../auth-forms.css';

/** auth.finish (/login/auth-finish): the password step of a registered e-mail. */
export default function PasswordPage() {
  const email = storage.get('auth_email');
  return email ? <PasswordForm email={email} /> : <Navigate to="/login/email" replace />;
}

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useAuthForm({
    initial: { password: '' },
    schema: (s) => s.loginBody,
    body: (v) => ({ email, password: v.password }),
    focusFirst: true,
    submit: async (body) => startSession(await login.mutateAsync(body)),
  });

  return (
    <AuthScreen title={t('auth.password.title')} focusTitle={false}>
      <div className="auth-account">
        <span className="auth-account-avatar" aria-hidden="true">
          {email.charAt(0).toUpperCase()}
        </span>
        <div className="auth-account-text">
          <p className="auth-account-email">
            <span className="visually-hidden">{t('auth.password.account')} </span>
            {email}
          </p>
          <Link to="/login/email" className="auth-link">
            {t('auth.password.changeEmail')}
          </Link>
        </div>
      </div>
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.onSubmit}>
        {/* Lets password managers pair the password with the account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          aria-required="true"
          value={form.values.password}
          onChange={(e) => form.setValue('password', e.target.value)}
          error={form.errors.password}
        />
        <p className="auth-forgot">
          <Link to="/login/forgot-password" className="auth-link">
            {t('auth.password.forgot')}
          </Link>
        </p>
        <FormAlert ref={form.formErrorRef} message={form.formError} />
        <Button type="submit" block busy={form.busy}>
          {t('auth.password.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
