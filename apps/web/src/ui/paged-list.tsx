import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadMoreWhenSeen } from '../lib/use-load-more.ts';
import { Button } from './button.tsx';

/** What a paged list needs of its infinite query (TanStack Query's answer has all of it). */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface Props {
  query: PagedQuery;
  /** How many rows are loaded: with a successful answer, 0 shows `empty` instead of the rows. */
  count: number;
  /** Shown while the first page loads (usually a `SkeletonRows`). */
  skeleton: ReactNode;
  /** Shown when the answer has no rows (an `EmptyState` for the search, the filters or the module). */
  empty: ReactNode;
  /** The label of the Load more button, the fallback of the infinite scroll (keyboard, no IntersectionObserver). */
  moreLabel: string;
  /** The rows (a list element), shown once there is at least one. */
  children: ReactNode;
}

/**
 * The states every paged list has, written once: the skeleton while the first page loads, an error
 * with Retry, the empty state, the rows, and at the end a Load more button that the list also presses
 * by itself when it scrolls near (infinite scroll).
 */
export function PagedList({ query, count, skeleton, empty, moreLabel, children }: Props) {
  const { t } = useTranslation();
  const sentinel = useLoadMoreWhenSeen(query);
  return (
    <>
      {query.isPending ? skeleton : null}
      {query.isError ? (
        <div role="alert" className="card paged-error">
          <p>{t('common.errors.generic')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : null}
      {query.isSuccess && count === 0 ? empty : null}
      {count > 0 ? children : null}
      {query.hasNextPage ? (
        <div ref={sentinel} className="paged-more">
          <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {moreLabel}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** A loading list: `rows` copies of `row` (a placeholder card) in `className`'s layout, announced as loading. */
export function SkeletonRows({ className, rows = 4, row }: { className: string; rows?: number; row: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={className}>
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
        <Fragment key={i}>{row}</Fragment>
      ))}
    </div>
  );
}
