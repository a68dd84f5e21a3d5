import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useCurrentApp } from '../lib/current-app.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { dashboardPage } from './areas.ts';
import { NotFoundPage } from './not-found-page.tsx';

const DashboardPage = lazy(dashboardPage);

/** An app's home: the dashboard for its owners (loaded with its charts only here); a moderator goes to the queue. */
export function AppHomePage() {
  const { t } = useTranslation();
  const { app, appId, me } = useCurrentApp();
  usePageTitle(app?.name);
  if (me.isPending) return <p className="muted">{t('console.common.loading')}</p>;
  if (!app) return <NotFoundPage />;
  if (app.role === 'moderator') return <Navigate to={`/apps/${appId}/moderation`} replace />;
  return (
    <Suspense fallback={<p className="muted">{t('console.common.loading')}</p>}>
      <DashboardPage />
    </Suspense>
  );
}
