import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from './auth-screen.tsx';

/** A mail link that did not work (confirm, invite, reset): what happened, and back to sign in. */
export function LinkFailedScreen({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation();
  return (
    <AuthScreen center icon="alert" tone="danger" title={title} lead={lead}>
      <div className="auth-actions">
        <Link to="/login" className="btn btn-primary btn-block">
          {t('auth.backToLogin')}
        </Link>
      </div>
    </AuthScreen>
  );
}
