import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const Page = lazy(() => import('../features/apps/new-app-page.tsx'));

/** Creating an app (operators): the apps area's form, loaded on first visit. */
export function NewAppPage() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="muted">{t('console.common.loading')}</p>}>
      <Page />
    </Suspense>
  );
}
