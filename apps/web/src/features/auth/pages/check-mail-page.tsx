import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storage } from '../../../lib/storage.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import '../auth.css';

/** auth.checkMail: sign-up is done; the account opens from the link in the confirmation mail. */
export default function CheckMailPage() {
  const { t } = useTranslation();
  const email = storage.get('registration_email');
  return (
    <AuthScreen center icon="mail" title={t('auth.checkMail.title')}>
      {email ? (
        <>
          <p className="auth-lead">{t('auth.checkMail.text')}</p>
          <p className="auth-address">{email}</p>
        </>
      ) : (
        <p className="auth-lead">{t('auth.checkMail.textNoAddress')}</p>
      )}
      <p>{t('auth.checkMail.next')}</p>
      <p className="muted auth-small">{t('auth.checkMail.spam')}</p>
      <div className="auth-actions">
        <Link to="/login" className="btn btn-secondary btn-block">
          {t('auth.checkMail.back')}
        </Link>
      </div>
    </AuthScreen>
  );
}
