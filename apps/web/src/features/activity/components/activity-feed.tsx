import { LIMITS } from '@app/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoadMoreWhenSeen } from '../../../lib/use-load-more.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { feedItems, useActivityFeed } from '../api/get-activity.ts';
import { ActivityItemRow } from './activity-item.tsx';
import '../activity.css';

interface Props {
  /** sidebar: the first page and a See all link; page: every page with Load more / infinite scroll. */
  variant: 'sidebar' | 'page';
  /** The activity module's index (See all); none when the app has no activity module. */
  seeAllUrl?: string | null | undefined;
}

function FeedSkeleton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className="activity-list" aria-hidden="true">
        {Array.from({ length: LIMITS.activitySkeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <li key={i} className={`activity-item skeleton-row${compact ? ' compact' : ''}`}>
            <Skeleton width={compact ? 36 : 44} height={compact ? 36 : 44} round />
            <span className="activity-body">
              <Skeleton width="85%" />
              <Skeleton width="45%" height={12} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The activity feed of spec 1 §2.3 (right sidebar) and the activity module's page. */
export function ActivityFeed({ variant, seeAllUrl }: Props) {
  const { t } = useTranslation();
  const feed = useActivityFeed();
  const now = useNow(LIMITS.activityRefreshMs);
  const compact = variant === 'sidebar';
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const infinite = variant === 'page' && hasNextPage && !feed.isFetchNextPageError;
  // Infinite scroll on the page; the Load more button stays as the fallback (keyboard, no observer).
  const sentinel = useLoadMoreWhenSeen(feed, { enabled: infinite, rootMargin: '400px 0px' });

  if (feed.isPending) return <FeedSkeleton compact={compact} />;
  if (feed.isError) {
    return (
      <div className="activity-error" role="alert">
        <p>{t('common.errors.generic')}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          {t('common.actions.retry')}
        </Button>
      </div>
    );
  }

  const firstPage = feed.data.pages[0];
  const items = compact ? (firstPage?.items ?? []) : feedItems(feed.data);
  if (items.length === 0) return <EmptyState title={t('activity.empty.title')} text={t('activity.empty.text')} />;

  return (
    <>
      <ul className="activity-list">
        {items.map((item) => (
          <ActivityItemRow key={item.id} item={item} now={now} compact={compact} />
        ))}
      </ul>
      {compact && seeAllUrl && (firstPage?.pageCount ?? 1) > 1 ? (
        <Link className="btn btn-secondary btn-block activity-see-all" to={seeAllUrl}>
          {t('common.actions.seeAll')}
        </Link>
      ) : null}
      {variant === 'page' && hasNextPage ? (
        <div ref={sentinel} className="activity-more">
          <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('common.loading') : t('activity.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
