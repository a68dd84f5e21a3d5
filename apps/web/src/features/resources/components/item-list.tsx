import { useTranslation } from 'react-i18next';
import { useLoadMoreWhenSeen } from '../../../lib/use-load-more.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { allItems, useList } from '../api/resources-api.ts';
import { ResourceRow } from './resource-row.tsx';

/** The root's or a folder's items, or a search's, with their empty, loading and failed states. */
export function ItemList({ moduleId, folderId, search }: { moduleId: number; folderId: number | null; search: string }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const list = useList(moduleId, folderId, search);
  const sentinel = useLoadMoreWhenSeen(list);
  const items = allItems(list.data);
  return (
    <>
      {search && list.isSuccess ? (
        <p className="muted resources-results" role="status">
          {t('resources.results', { count: list.data.pages[0]?.total ?? 0 })}
        </p>
      ) : null}
      {list.isPending ? (
        <div role="status" className="resources-list">
          <span className="visually-hidden">{t('common.loading')}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="card resources-row" aria-hidden="true">
              <Skeleton width={40} height={40} />
              <span className="resources-row-text">
                <Skeleton width="50%" />
                <Skeleton width="70%" />
              </span>
            </div>
          ))}
        </div>
      ) : null}
      {list.isError ? (
        <div role="alert" className="card">
          <p>{t('common.errors.generic')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        search ? (
          <EmptyState type="search" title={t('resources.noResultsTitle')} text={t('resources.noResultsText', { query: search })} />
        ) : (
          <EmptyState title={folderId === null ? t('resources.emptyTitle') : t('resources.emptyFolder')} text={t('resources.emptyText')} />
        )
      ) : null}
      {items.length > 0 ? (
        <ul className="resources-list">
          {items.map((item) => (
            <ResourceRow key={item.id} item={item} now={now} showFolder={Boolean(search)} />
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <div ref={sentinel} className="resources-more">
          <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('resources.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
