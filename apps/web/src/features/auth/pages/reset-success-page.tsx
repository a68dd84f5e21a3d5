import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from '../components/auth-screen.tsx';
import '../auth.css';

/** auth.resetPassword.success: the new password is set; sign in with it. */
export default function ResetSuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen center icon="check" tone="success" title={t('auth.reset.successTitle')} lead={t('auth.reset.successText')}>
      <div className="auth-actions">
        <Link to="/login/email" className="btn btn-primary btn-block">
          {t('auth.reset.signIn')}
        </Link>
      </div>
    </AuthScreen>
  );
}
