import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icon.tsx';
import './state-page.css';

/** Spec 1 §2.4: the app is not published or is locked. */
export function UnpublishedPage() {
  const { t } = useTranslation();
  return (
    <main className="state-page">
      <Icon name="lock" size={56} />
      <h1>{t('shell.unpublished.title')}</h1>
      <p className="muted">{t('shell.unpublished.text')}</p>
    </main>
  );
}
