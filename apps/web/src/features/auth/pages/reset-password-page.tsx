import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FullScreenLoader } from '../../../ui/loader.tsx';
import { useTokenCheck } from '../api/check-token.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { isLinkFailure } from '../hooks/use-auth-form.ts';
import '../auth.css';
import '../auth-forms.css';

const ERROR_PAGE = '/login/resetPassword/error';

/** auth.resetPassword: opens from the reset mail; a new password, then the success or error page. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const token = params.get('token');
  const check = useTokenCheck('reset', token);
  // A used or expired link goes to its error page at once; a network failure leaves the form (submitting tells).
  if (!token || isLinkFailure(check.error)) return <Navigate to={ERROR_PAGE} replace />;
  if (check.isPending) return <FullScreenLoader />;
  return (
    <AuthScreen icon="lock" title={t('auth.reset.title')} lead={t('auth.reset.text')}>
      <NewPasswordForm
        token={token}
        schema={(s) => s.resetPasswordBody}
        submitLabel={t('auth.reset.submit')}
        submit={async (body) => {
          await reset.mutateAsync(body);
          navigate('/login/resetPassword/success', { replace: true });
        }}
        onError={(err) => {
          if (!isLinkFailure(err)) return false;
          navigate(ERROR_PAGE, { replace: true });
          return true;
        }}
      />
    </AuthScreen>
  );
}
