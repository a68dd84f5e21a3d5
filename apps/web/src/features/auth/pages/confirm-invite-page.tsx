import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { meta } from '../../../lib/meta.ts';
import { FullScreenLoader } from '../../../ui/loader.tsx';
import { useTokenCheck } from '../api/check-token.ts';
import { useConfirmInvite } from '../api/confirm-invite.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { LinkFailedScreen } from '../components/link-failed-screen.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { isLinkFailure } from '../hooks/use-auth-form.ts';
import { startSession } from '../start-session.ts';
import '../auth.css';
import '../auth-forms.css';

/** auth.confirmInvite: an invited person chooses a password and is signed in. */
export default function ConfirmInvitePage() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const [params] = useSearchParams();
  const invite = useConfirmInvite();
  const token = params.get('token');
  const [failed, setFailed] = useState(!token);
  const app = config?.app_name ?? meta.app_name;
  const check = useTokenCheck('invite', token);

  if (failed || !token || isLinkFailure(check.error)) {
    return <LinkFailedScreen title={t('auth.invite.failedTitle')} lead={t('auth.invite.failedText')} />;
  }
  if (check.isPending) return <FullScreenLoader />;
  return (
    <AuthScreen icon="mail" title={t('auth.invite.title', { app })} lead={t('auth.invite.text')}>
      <NewPasswordForm
        token={token}
        schema={(s) => s.confirmInviteBody}
        submitLabel={t('auth.invite.submit')}
        submit={async (body) => startSession(await invite.mutateAsync(body))}
        onError={(err) => {
          if (!isLinkFailure(err)) return false;
          setFailed(true);
          return true;
        }}
      />
    </AuthScreen>
  );
}
