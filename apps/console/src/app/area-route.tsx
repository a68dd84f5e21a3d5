import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../lib/current-app.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { Card, PageHeader } from '../ui/bits.tsx';
import type { ConsoleArea } from './areas.ts';
import { NotFoundPage } from './not-found-page.tsx';

const pages = new Map<string, ComponentType>();
function pageOf(area: ConsoleArea): ComponentType | undefined {
  if (!area.page) return undefined;
  let page = pages.get(area.path);
  if (!page) {
    page = lazy(area.page);
    pages.set(area.path, page);
  }
  return page;
}

/** One area of the current app: its page if the caller's role sees it, "coming soon" until it is built. */
export function AreaRoute({ area }: { area: ConsoleArea }) {
  const { t } = useTranslation();
  const { app, me } = useCurrentApp();
  const Page = useMemo(() => pageOf(area), [area]);
  usePageTitle(app ? `${t(area.labelKey)} · ${app.name}` : undefined);
  if (me.isPending) return <p className="muted">{t('console.common.loading')}</p>;
  if (!app || !area.roles.includes(app.role)) return <NotFoundPage />;
  if (!Page) {
    return (
      <>
        <PageHeader title={t(area.labelKey)} />
        <Card>
          <p>{t('console.comingSoon')}</p>
        </Card>
      </>
    );
  }
  return (
    <Suspense fallback={<p className="muted">{t('console.common.loading')}</p>}>
      <Page />
    </Suspense>
  );
}
