import { useTranslation } from 'react-i18next';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { ActivityFeed } from '../components/activity-feed.tsx';

/** activity.index: the whole activity feed of the app, newest first. */
export default function ActivityPage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  return (
    <section className="page activity-page" aria-labelledby="activity-title">
      <h1 id="activity-title" className="page-title">
        {mod?.name ?? t('activity.title')}
      </h1>
      <ActivityFeed variant="page" />
    </section>
  );
}
