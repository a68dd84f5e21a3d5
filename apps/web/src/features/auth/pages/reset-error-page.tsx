import { useTranslation } from 'react-i18next';
import { LinkFailedScreen } from '../components/link-failed-screen.tsx';
import '../auth.css';

/** auth.resetPassword.error: the reset link did not work (spec 2 §8 password reset failure). */
export default function ResetErrorPage() {
  const { t } = useTranslation();
  return <LinkFailedScreen title={t('auth.reset.errorTitle')} lead={t('auth.reset.errorText')} />;
}
