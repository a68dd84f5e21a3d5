import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../ui/icon.tsx';
import './state-page.css';

/** Full-screen 404 (spec 1 §2.4). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="state-page" id="main">
      <Icon name="alert" size={56} />
      <h1>{t('shell.notFound.title')}</h1>
      <p className="muted">{t('shell.notFound.page')}</p>
      <Link className="btn btn-primary" to="/">
        {t('shell.notFound.home')}
      </Link>
    </main>
  );
}
