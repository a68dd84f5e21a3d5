import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from '../components/auth-screen.tsx';
import '../auth.css';

/** auth.resetPassword.error: the reset link did not work (spec 2 §8 password reset failure). */
export default function ResetErrorPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen center icon="alert" tone="danger" title={t('auth.reset.errorTitle')} lead={t('auth.reset.errorText')}>
      <div className="auth-actions">
        <Link to="/login" className="btn btn-primary btn-block">
          {t('auth.backToLogin')}
        </Link>
      </div>
    </AuthScreen>
  );
}
