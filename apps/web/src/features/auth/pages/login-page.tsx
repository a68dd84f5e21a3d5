import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppConfig } from '../../../app/app-state.ts';
import { meta } from '../../../lib/meta.ts';
import { Icon } from '../../../ui/icon.tsx';
import '../auth.css';

/**
 * auth.index: the app's welcome and the way in. No OAuth provider is configured,
 * so e-mail is the only one. This is the first page most visitors load and it is
 * held to the login budget, so it draws the AuthScreen frame itself instead of
 * pulling in the shared chunk of the other steps.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { key } = useLocation();
  const { data: config } = useAppConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (key !== 'default') heading.current?.focus({ preventScroll: true });
  }, [key]);
  const app = config?.app_name ?? meta.app_name;
  return (
    <div className="auth-screen auth-screen-center">
      <h1 ref={heading} tabIndex={-1} className="auth-title">
        {config?.signup_title || t('auth.home.title', { app })}
      </h1>
      <p className="auth-lead">{config?.signup_mode === 'invite' ? t('auth.home.textInvite') : t('auth.home.text')}</p>
      <div className="auth-actions">
        <Link to="/login/email" className="btn btn-primary btn-block">
          <Icon name="mail" size={20} />
          {t('auth.home.continueEmail')}
        </Link>
      </div>
    </div>
  );
}
