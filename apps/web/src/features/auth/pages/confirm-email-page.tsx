import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { storage } from '../../../lib/storage.ts';
import { Spinner } from '../../../ui/loader.tsx';
import { confirmEmail } from '../api/confirm-email.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { LinkFailedScreen } from '../components/link-failed-screen.tsx';
import { startSession } from '../start-session.ts';
import '../auth.css';

/** auth.confirmEmail: opens from the confirmation mail, confirms the address and signs in. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failed, setFailed] = useState(!token);

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmEmail(token).then(
      (answer) => {
        storage.remove('registration_email');
        startSession(answer, t('auth.confirmEmail.success'));
      },
      // A used or expired link answers 422 `_popup`; the shell shows that message too.
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  if (failed) {
    return <LinkFailedScreen title={t('auth.confirmEmail.failedTitle')} lead={t('auth.confirmEmail.failedText')} />;
  }
  return (
    <AuthScreen center icon="mail" title={t('auth.confirmEmail.title')}>
      <Spinner />
    </AuthScreen>
  );
}
