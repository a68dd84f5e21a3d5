import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import './state-page.css';

interface Props {
  onRetry: () => void;
  busy: boolean;
}

/**
 * Signed in, but the menu could not be loaded (server or network trouble, not a 401): the user
 * stays on the same url and may try again, instead of being taken for logged out.
 */
export function LoadErrorPage({ onRetry, busy }: Props) {
  const { t } = useTranslation();
  return (
    <main className="state-page" id="main">
      <Icon name="alert" size={56} />
      <h1>{t('shell.loadError.title')}</h1>
      <p className="muted">{t('shell.loadError.text')}</p>
      <Button onClick={onRetry} busy={busy}>
        {t('common.actions.retry')}
      </Button>
    </main>
  );
}
