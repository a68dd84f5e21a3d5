import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { meta } from '../../../lib/meta.ts';
import { session } from '../../../lib/session.ts';
import { Icon } from '../../../ui/icon.tsx';
import { PROVIDER_NAMES, readOAuthFragment } from '../oauth-fragment.ts';
import '../auth.css';

/**
 * auth.index: the app's welcome and the ways in: e-mail, and the sign-in providers
 * the app has configured. The providers' round trip ends here with the session (or
 * an error) in the URL fragment. This is the first page most visitors load and it is
 * held to the login budget, so it draws the AuthScreen frame itself instead of
 * pulling in the shared chunk of the other steps.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { key } = useLocation();
  const { data: config } = useAppConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const result = readOAuthFragment(window.location.hash);
    if (!result) return;
    // The token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (result.type === 'session') session.adopt(result.token, result.userId);
    else setFailed(PROVIDER_NAMES[result.provider] ?? result.provider);
  }, []);
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
      {failed ? (
        <p className="field-error" role="alert">
          {t('auth.oauth.failed', { provider: failed })}
        </p>
      ) : null}
      <div className="auth-actions">
        <Link to="/login/email" className="btn btn-primary btn-block">
          <Icon name="mail" size={20} />
          {t('auth.home.continueEmail')}
        </Link>
        {(config?.oauth_providers ?? []).map((p) => (
          // rel="external": a full page load to the server, which redirects to the provider.
          <a
            key={p}
            rel="external"
            className="btn btn-secondary btn-block"
            href={`/auth/oauth/${p}?app=${encodeURIComponent(meta.app_key)}`}
          >
            {t('auth.oauth.continueWith', { provider: PROVIDER_NAMES[p] ?? p })}
          </a>
        ))}
      </div>
    </div>
  );
}
