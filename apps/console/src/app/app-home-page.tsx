import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { Badge, Card, PageHeader } from '../ui/bits.tsx';
import { areasFor } from './areas.ts';
import { useCurrentApp } from './current-app.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** An app's overview: a placeholder until the dashboard lands; a moderator goes to the queue. */
export function AppHomePage() {
  const { t } = useTranslation();
  const { app, appId, me } = useCurrentApp();
  usePageTitle(app?.name);
  if (me.isPending) return <p className="muted">{t('console.common.loading')}</p>;
  if (!app) return <NotFoundPage />;
  if (app.role === 'moderator') return <Navigate to={`/apps/${appId}/moderation`} replace />;
  return (
    <>
      <PageHeader title={app.name}>
        <p>
          <code>{app.key}</code> · {t(`console.roles.${app.role}`)}{' '}
          {app.is_published ? <Badge tone="success">{t('console.apps.published')}</Badge> : <Badge>{t('console.apps.unpublished')}</Badge>}{' '}
          {app.is_locked && <Badge tone="danger">{t('console.apps.locked')}</Badge>}
        </p>
      </PageHeader>
      <Card title={t('console.home.title')}>
        <p className="muted">{t('console.home.placeholder')}</p>
        <ul className="area-links">
          {areasFor(app.role).map((a) => (
            <li key={a.path}>
              <Link to={`/apps/${appId}/${a.path}`}>{t(a.labelKey)}</Link>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
