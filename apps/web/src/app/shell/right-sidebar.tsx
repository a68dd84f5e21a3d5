import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityFeed } from '../../features/activity/components/activity-feed.tsx';
import './right-sidebar.css';

/** Wide desktop (≥ lg): the app's recent activity, with See all to the activity module. */
export function RightSidebar({ activityUrl }: { activityUrl: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <aside className="right-sidebar" aria-labelledby={id}>
      <h2 id={id} className="right-sidebar-title">
        {t('shell.activity.title')}
      </h2>
      <ActivityFeed variant="sidebar" seeAllUrl={activityUrl} />
    </aside>
  );
}
