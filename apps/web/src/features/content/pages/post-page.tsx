import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useNow } from '../../../lib/use-now.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { useMarkSeen, usePost, usePostActions } from '../api/content-api.ts';
import { Comments } from '../components/comments.tsx';
import { LikesDialog } from '../components/likes-dialog.tsx';
import { PostCard } from '../components/post-card.tsx';
import { postUrl } from '../paths.ts';
import { useContentRoute } from '../use-content-type.ts';
import '../content.css';

/**
 * blogs.item, news.item, forums.discussion and forums.item: the whole post or discussion with its
 * likes and comments; `goTo=comments|likes` (spec 1 §2.1) scrolls to the comments or opens the likes.
 */
export default function PostPage() {
  const { t } = useTranslation();
  const { type, moduleId } = useContentRoute();
  const params = useParams();
  const id = Number(params.id ?? params.discussion_id);
  const itemId = params.item_id ? Number(params.item_id) : undefined;
  const [search] = useSearchParams();
  const goTo = search.get('goTo');
  const [likesOpen, setLikesOpen] = useState(goTo === 'likes');
  const post = usePost(type, moduleId, id);
  const actions = usePostActions(type, moduleId);
  useMarkSeen(moduleId, id);
  const now = useNow(60_000);
  const listUrl = `/${type}/${moduleId}`;

  useEffect(() => {
    if (goTo === 'comments' && post.isSuccess) document.getElementById('comments')?.focus();
  }, [goTo, post.isSuccess]);

  if (post.isPending) return <Spinner />;
  if (post.isError || !post.data) {
    return (
      <section className="page content-page">
        <EmptyState title={t('content.post.notFound')} text="">
          <Link to={listUrl} className="btn btn-secondary">
            {t('content.post.back')}
          </Link>
        </EmptyState>
      </section>
    );
  }
  const p = post.data;
  return (
    <section className="page content-page post-page">
      <Link to={listUrl} className="content-back">
        <Icon name="back" size={18} />
        {t('content.post.back')}
      </Link>
      <PostCard
        type={type}
        moduleId={moduleId}
        post={p}
        now={now}
        variant="full"
        onShowLikes={() => setLikesOpen(true)}
        afterDelete={listUrl}
        actions={actions}
      />
      <Comments
        type={type}
        moduleId={moduleId}
        postId={p.id}
        postPath={postUrl(type, moduleId, p)}
        now={now}
        focusId={itemId !== undefined && itemId !== p.id ? itemId : undefined}
      />
      <LikesDialog type={type} moduleId={moduleId} postId={p.id} open={likesOpen} onClose={() => setLikesOpen(false)} />
    </section>
  );
}
