import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import '../networking.css';

/** The hub's screens not built yet, by the end of their address (spec 3 §2 Networking), and their titles. */
const SCREENS = [
  ['/speed-networking/history', 'speedHistory'],
  ['/group-networking/history', 'groupHistory'],
  ['/speed-networking', 'speed'],
  ['/group-networking', 'group'],
  ['/all', 'all'],
  ['/new', 'new'],
  ['/liked', 'liked'],
  ['/skipped', 'skipped'],
  ['/contacted', 'contacted'],
  ['/connected', 'connected'],
] as const;

/**
 * A networking screen that is not open yet (the networker lists, speed and group networking): it
 * says the screen is coming, not that nobody is there, and leads back to the hub home.
 */
export default function SoonPage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const { pathname } = useLocation();
  if (!mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }
  const screen = SCREENS.find(([end]) => pathname.replace(/\/$/, '').endsWith(end))?.[1] ?? 'all';
  return (
    <section className="page">
      <h1 className="page-title">{t(`networking.screens.${screen}`)}</h1>
      <EmptyState title={t('networking.soon.title')} text={t('networking.soon.text')}>
        <Link className="btn btn-secondary" to={`/networking/${mod.app_module_id}`}>
          {t('networking.soon.hub')}
        </Link>
      </EmptyState>
    </section>
  );
}
