import { PAGINATION_HEADERS } from '@app/contract/constants';
import type { RelatedUser } from '@app/contract/schemas/users';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { deriveMenu, useMenu } from '../lib/app-state.ts';
import { useSession } from '../lib/session.ts';
import { useLoadMoreWhenSeen } from '../lib/use-load-more.ts';
import { Avatar } from './avatar.tsx';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import { Skeleton, Spinner } from './loader.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import './related-users.css';

/** A member as lists of people show them (likes, votes, related users). */
export interface Person {
  id: number;
  fullname: string;
  avatar: string | null;
  is_verified?: boolean;
}

/** Spec 1 §9: the see-all panel covers the screen above this many users; the block shows as many. */
export const RELATED_BLOCK_SIZE = 5;
const PER_PAGE = 20;

/**
 * Where a member's name leads: your own profile (profile.index of the menu's profile module) for
 * yourself, profile.other (/user/:id) for anyone else (spec 1 §2.5).
 */
export function useProfileLink(): (userId: number) => string {
  const { userId } = useSession();
  const { profileModule } = deriveMenu(useMenu().data);
  return (id) => (id === userId && profileModule ? `/profile/${profileModule.app_module_id}` : `/user/${id}`);
}

function VerifiedBadge() {
  const { t } = useTranslation();
  const label = t('widgets.relatedUsers.verified');
  return (
    <span className="people-verified" title={label}>
      <Icon name="check" size={12} label={label} />
    </span>
  );
}

/** Members as a list, each opening their profile (and closing the panel it sits in). */
export function PeopleList({ people, size = 36, onPick }: { people: Person[]; size?: number; onPick: () => void }) {
  const linkOf = useProfileLink();
  return (
    <ul className="people-list">
      {people.map((u) => (
        <li key={u.id}>
          <Link to={linkOf(u.id)} onClick={onPick}>
            <Avatar src={u.avatar} name={u.fullname} size={size} />
            <span className="people-name">{u.fullname}</span>
            {u.is_verified ? <VerifiedBadge /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The panel of a list of people (who liked, who voted, who takes part) on the native <dialog>: a
 * title, one Close button, a scrolling body; `fullscreen` covers the screen (long lists).
 */
export function PeoplePanel({
  open,
  title,
  onClose,
  fullscreen = false,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  fullscreen?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={`modal people-panel${fullscreen ? ' is-fullscreen' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="people-panel-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-btn" aria-label={t('common.actions.close')} onClick={onClose}>
          <Icon name="close" size={22} />
        </button>
      </div>
      <div className="people-panel-body">{children}</div>
    </dialog>
  );
}

/** What `PagedPeople` needs of an infinite query (TanStack's result fits). */
export interface PeoplePages {
  isPending: boolean;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A paged list of people: the next page loads when the end of the list scrolls into view (spec 1 §4
 * "Related users"), or with the Load more button that stands in for the scroll.
 */
export function PagedPeople({
  people,
  query,
  empty,
  onPick,
  size,
}: {
  people: Person[];
  query: PeoplePages;
  /** Shown when the list is empty. */
  empty: string;
  onPick: () => void;
  size?: number;
}) {
  const { t } = useTranslation();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const end = useLoadMoreWhenSeen(query, { rootMargin: '0px' });
  return (
    <>
      {query.isSuccess && people.length === 0 ? <p className="muted">{empty}</p> : null}
      <PeopleList people={people} size={size} onPick={onPick} />
      <div ref={end} className="people-list-end">
        {query.isPending ? <Spinner /> : null}
        {hasNextPage ? (
          <Button variant="ghost" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('widgets.relatedUsers.loadMore')}
          </Button>
        ) : null}
      </div>
    </>
  );
}

/** The entities GET /user/related-list knows. */
export type RelatedEntity = 'module' | 'activity' | 'event';

interface RelatedPage {
  items: RelatedUser[];
  page: number;
  pageCount: number;
  total: number;
}

/** GET /user/related-list?entity=…&id=…&page=n, page by page (pages counted by the x-pagination headers). */
export function useRelatedUsers(entity: RelatedEntity, id: number, initial?: RelatedUsersFirstPage) {
  return useInfiniteQuery({
    queryKey: ['related-users', entity, id],
    initialPageParam: 1,
    initialData: initial
      ? ({ pages: [{ ...initial, items: initial.users, page: 1 }], pageParams: [1] } satisfies InfiniteData<RelatedPage, number>)
      : undefined,
    queryFn: async ({ pageParam, signal }): Promise<RelatedPage> => {
      const res = await api<RelatedUser[]>('/user/related-list', { query: { entity, id, page: pageParam, 'per-page': PER_PAGE }, signal });
      return {
        items: res.data,
        page: pageParam,
        pageCount: res.pageCount,
        total: Number(res.headers.get(PAGINATION_HEADERS.totalCount) ?? 0),
      };
    },
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });
}

/** Each person once, in page order (a page may repeat someone who moved while paging). */
export function uniquePeople<T extends { id: number }>(pages: ReadonlyArray<{ items: T[] }> | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const p of pages ?? []) {
    for (const item of p.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** A first page the caller already has (from a bigger answer), so the block shows without a call. */
export interface RelatedUsersFirstPage {
  users: RelatedUser[];
  /** x-pagination-page-count of that answer. */
  pageCount: number;
  /** x-pagination-total-count of that answer. */
  total: number;
}

/**
 * The related-users block (spec 1 §2.5): up to 5 avatars with names (and a verified badge), and
 * "See all" opening the panel of everyone, paged on scroll; the panel covers the screen above 5
 * users. Every name opens the member's profile (your own for yourself).
 *
 *   <RelatedUsers entity="module" id={moduleId} title={t('agenda.attendees')} />
 *   <RelatedUsers entity="activity" id={activity.id} title={…} initial={{ users, pageCount, total }} />
 *
 * `entity` and `id` are those of GET /user/related-list; `title` names the block and the panel;
 * `initial` is an optional first page already loaded. The page using it lists 'widgets' in its
 * module's namespaces.
 */
export function RelatedUsers({
  entity,
  id,
  title,
  initial,
}: {
  entity: RelatedEntity;
  id: number;
  title: string;
  initial?: RelatedUsersFirstPage;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useRelatedUsers(entity, id, initial);
  const linkOf = useProfileLink();
  const headingId = useId();
  const people = uniquePeople(query.data?.pages);
  const total = Math.max(query.data?.pages[0]?.total ?? 0, people.length);
  return (
    <section className="related-users" aria-labelledby={headingId}>
      <div className="related-users-head">
        <h2 id={headingId}>{title}</h2>
        {people.length ? (
          <button type="button" className="related-users-all" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            {t('widgets.relatedUsers.seeAll')}
            <span className="muted"> ({total})</span>
          </button>
        ) : null}
      </div>
      {query.isPending ? (
        <ul className="related-users-strip" aria-hidden="true">
          {Array.from({ length: RELATED_BLOCK_SIZE }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
            <li key={i}>
              <Skeleton width={48} height={48} round />
              <Skeleton width={56} height={10} />
            </li>
          ))}
        </ul>
      ) : people.length === 0 ? (
        <p className="muted">{t('widgets.relatedUsers.empty')}</p>
      ) : (
        <ul className="related-users-strip">
          {people.slice(0, RELATED_BLOCK_SIZE).map((u) => (
            <li key={u.id}>
              <Link to={linkOf(u.id)}>
                <span className="related-users-face">
                  <Avatar src={u.avatar} name={u.fullname} size={48} />
                  {u.is_verified ? <VerifiedBadge /> : null}
                </span>
                <span className="related-users-name">{u.fullname}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <PeoplePanel open={open} title={title} onClose={() => setOpen(false)} fullscreen={total > RELATED_BLOCK_SIZE}>
        <PagedPeople people={people} query={query} empty={t('widgets.relatedUsers.empty')} onPick={() => setOpen(false)} />
      </PeoplePanel>
    </section>
  );
}
