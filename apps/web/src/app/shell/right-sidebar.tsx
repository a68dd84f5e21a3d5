import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RIGHT_SIDEBAR } from '../modules.ts';

/** Wide desktop (≥ lg): the app's recent activity (the module whose manifest fills the sidebar), with See all. */
export function RightSidebar({ activityUrl }: { activityUrl: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  if (!RIGHT_SIDEBAR) return null;
  const Content = RIGHT_SIDEBAR;
  return (
    <aside className="right-sidebar" aria-labelledby={id}>
      <h2 id={id} className="right-sidebar-title">
        {t('shell.activity.title')}
      </h2>
      <Suspense fallback={null}>
        <Content seeAllUrl={activityUrl} />
      </Suspense>
    </aside>
  );
}
