import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storage } from '../../../lib/storage.ts';
import { Button } from '../../../ui/button.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthScreen, FormAlert } from '../components/auth-screen.tsx';
import { EmailField } from '../components/email-field.tsx';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import '../auth.css';
import '../auth-forms.css';

/** auth.forgotPassword: asks for a reset link, then tells on the same page that it was sent. */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <SentNotice email={sentTo} onAgain={() => setSentTo(null)} /> : <ForgotForm onSent={setSentTo} />;
}

function ForgotForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const known = storage.get('auth_email');
  const form = useAuthForm({
    initial: { email: known ?? '' },
    schema: (s) => s.forgotPasswordBody,
    body: (v) => ({ email: v.email }),
    submit: async ({ email }) => {
      await forgot.mutateAsync({ email });
      storage.set('auth_email', email);
      onSent(email);
    },
  });
  return (
    <AuthScreen title={t('auth.forgot.title')} lead={t('auth.forgot.text')} back={known ? '/login/auth-finish' : '/login/email'}>
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.onSubmit}>
        <EmailField value={form.values.email} onChange={(e) => form.setValue('email', e.target.value)} error={form.errors.email} />
        <FormAlert ref={form.formErrorRef} message={form.formError} />
        <Button type="submit" block busy={form.busy}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}

function SentNotice({ email, onAgain }: { email: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <AuthScreen center icon="mail" tone="success" title={t('auth.forgot.sentTitle')} lead={t('auth.forgot.sentText', { email })}>
      <div className="auth-actions">
        <Link to="/login/email" className="btn btn-primary btn-block">
          {t('auth.backToLogin')}
        </Link>
        <Button variant="ghost" block onClick={onAgain}>
          {t('auth.forgot.otherEmail')}
        </Button>
      </div>
    </AuthScreen>
  );
}
