import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icon.tsx';
import { AppLogo } from './app-logo.tsx';
import type { InstallState } from './use-install.ts';
import './install-prompt.css';

/** The install prompt of spec 1 §4: iOS instructions, or the browser's install dialog elsewhere. */
export function InstallPrompt({ state, appName }: { state: InstallState; appName: string }) {
  const { t } = useTranslation();
  const steps = state.ios
    ? ['shell.install.ios.share', 'shell.install.ios.add']
    : ['shell.install.android.menu', 'shell.install.android.add'];
  return (
    <Dialog
      open={state.open}
      title={t('shell.install.title', { name: appName })}
      onClose={state.notNow}
      actions={
        <div className="install-actions">
          {state.canPrompt ? (
            <Button block onClick={() => void state.install()}>
              <Icon name="install" size={20} />
              {t('shell.install.install')}
            </Button>
          ) : null}
          <Button block variant="secondary" onClick={state.notNow}>
            {t('shell.install.notNow')}
          </Button>
          <Button block variant="ghost" onClick={state.useWeb}>
            {t('shell.install.useWeb')}
          </Button>
        </div>
      }
    >
      <div className="install-intro">
        <AppLogo size={56} />
        <p>{t('shell.install.text')}</p>
      </div>
      {state.canPrompt ? null : (
        <ol className="install-steps">
          {steps.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
