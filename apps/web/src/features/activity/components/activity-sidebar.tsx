import { ActivityFeed } from './activity-feed.tsx';

/** The shell's right sidebar content (wide desktop): the feed, with See all to the activity module. */
export default function ActivitySidebar({ seeAllUrl }: { seeAllUrl: string | undefined }) {
  return <ActivityFeed variant="sidebar" seeAllUrl={seeAllUrl} />;
}
