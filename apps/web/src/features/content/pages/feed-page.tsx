import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentModule, useMenu } from '../../../lib/app-state.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { useNow } from '../../../lib/use-now.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { allItems, useMarkSeen, usePostActions, usePosts } from '../api/content-api.ts';
import { DiscussionRow } from '../components/discussion-row.tsx';
import { PostCard } from '../components/post-card.tsx';
import { PostEditor, preloadEditor } from '../components/post-editor.tsx';
import { postUrl } from '../paths.ts';
import { useContentRoute } from '../use-content-type.ts';
import '../content.css';
import { FIRST_SCREEN_IMAGES, useFirstScreenRows } from '../../../lib/after-first-screen.ts';

function FeedSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="stack">
      <span className="visually-hidden">{t('common.loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="card stack" aria-hidden="true">
          <Skeleton width="40%" />
          <Skeleton />
          <Skeleton width="80%" />
        </div>
      ))}
    </div>
  );
}

/** blogs.index, news.index, forums.index: the feed or discussion list with search and the create input (spec 2 §2). */
export default function FeedPage() {
  const { t } = useTranslation();
  const { type, moduleId } = useContentRoute();
  const mod = useCurrentModule();
  const navigate = useNavigate();
  const { search, draft, setDraft, submit } = useAddressSearch();
  const [writing, setWriting] = useState(false);
  const feed = usePosts(type, moduleId, search);
  const actions = usePostActions(type, moduleId);
  useMarkSeen(moduleId);
  const now = useNow(60_000);
  const forum = type === 'forums';
  // News is the organiser's channel: members read, comment and like (the server refuses their posts).
  const isAdmin = useMenu().data?.is_admin ?? false;
  const mayPublish = type !== 'news' || isAdmin;

  const posts = allItems(feed.data);
  const shown = useFirstScreenRows(posts);

  return (
    <section className="page content-page" aria-labelledby="feed-title">
      <h1 id="feed-title" className="page-title">
        {mod?.name ?? t(`shell.module`)}
      </h1>
      <SearchField
        label={forum ? t('content.feed.searchDiscussions') : t('content.feed.search')}
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
      />
      {writing ? (
        <PostEditor
          type={type}
          moduleId={moduleId}
          onCancel={() => setWriting(false)}
          onDone={(post) => {
            setWriting(false);
            if (forum) navigate(postUrl(type, moduleId, post));
          }}
        />
      ) : mayPublish ? (
        <button
          type="button"
          className="content-create card"
          onClick={() => setWriting(true)}
          onPointerEnter={preloadEditor}
          onFocus={preloadEditor}
        >
          <Icon name={forum ? 'forums' : 'blogs'} size={20} />
          <span>{forum ? t('content.feed.createDiscussion') : t('content.feed.create')}</span>
        </button>
      ) : null}
      {search && feed.isSuccess ? (
        <p className="muted content-results" role="status">
          {t('content.feed.results', { count: feed.data.pages[0]?.total ?? 0 })}
        </p>
      ) : null}
      <PagedList
        query={feed}
        count={posts.length}
        skeleton={<FeedSkeleton />}
        empty={
          search ? (
            <EmptyState type="search" title={t('content.feed.noResultsTitle')} text={t('content.feed.noResultsText', { query: search })} />
          ) : (
            <EmptyState
              title={forum ? t('content.feed.emptyDiscussionsTitle') : t('content.feed.emptyTitle')}
              text={
                forum ? t('content.feed.emptyDiscussionsText') : mayPublish ? t('content.feed.emptyText') : t('content.feed.emptyNewsText')
              }
            />
          )
        }
        moreLabel={t('content.feed.loadMore')}
      >
        {forum ? (
          <ul className="discussion-list card">
            {shown.map((p) => (
              <DiscussionRow key={p.id} moduleId={moduleId} post={p} now={now} actions={actions} />
            ))}
          </ul>
        ) : (
          <div className="post-list">
            {shown.map((p, i) => (
              <PostCard
                key={p.id}
                type={type}
                moduleId={moduleId}
                post={p}
                now={now}
                variant="feed"
                actions={actions}
                firstScreen={i < FIRST_SCREEN_IMAGES}
              />
            ))}
          </div>
        )}
      </PagedList>
    </section>
  );
}
