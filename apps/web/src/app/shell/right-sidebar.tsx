import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RIGHT_SIDEBAR } from '../modules.ts';
import './right-sidebar.css';

/** Wide desktop (≥ lg): the app's recent activity (the module whose manifest fills the sidebar), with See all. */
export function RightSidebar({ activityUrl }: { activityUrl: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  // Rendered after the shell's first commit: a lazy chunk suspending inside the first render (a
  // transition) would hold back the whole shell, its socket and the page's data until it loaded.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!RIGHT_SIDEBAR) return null;
  const Content = RIGHT_SIDEBAR;
  return (
    <aside className="right-sidebar" aria-labelledby={id}>
      <h2 id={id} className="right-sidebar-title">
        {t('shell.activity.title')}
      </h2>
      {mounted ? (
        <Suspense fallback={null}>
          <Content seeAllUrl={activityUrl} />
        </Suspense>
      ) : null}
    </aside>
  );
}
