import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/app-state.ts';
import { meta } from '../lib/meta.ts';
import { LanguageSelect } from '../ui/language-select.tsx';
import { PoweredBy } from './powered-by.tsx';
import { AppLogo } from './shell/app-logo.tsx';
import './auth-layout.css';

/** Narrow centred card without menu chrome (auth layout of spec 1 §2.3). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // From the config, which follows the organisers' changes live (and the console's draft in the preview).
  const { data: config } = useAppConfig();
  return (
    <div className="auth-layout">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="auth-brand">
        <AppLogo size={48} />
        <p className="auth-app-name">{config?.app_name ?? meta.app_name}</p>
      </header>
      <main id="main" className="auth-card card">
        {children}
      </main>
      <footer className="auth-footer">
        <LanguageSelect />
        <PoweredBy />
      </footer>
    </div>
  );
}
