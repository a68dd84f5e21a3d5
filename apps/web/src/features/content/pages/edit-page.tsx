import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/events.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { allItems, useCommentActions, useComments, usePost } from '../api/content-api.ts';
import { moduleKey } from '../api/keys.ts';
import { CommentForm } from '../components/comment-form.tsx';
import { PostEditor } from '../components/post-editor.tsx';
import { postUrl } from '../paths.ts';
import { useContentRoute } from '../use-content-type.ts';
import '../content.css';

/**
 * blogs.edit, news.edit and forums.edit: the post's editor for its owner. In forums the item is the
 * discussion itself or one of its replies (`…/item/{item_id}/edit`).
 */
export default function EditPage() {
  const { t } = useTranslation();
  const { type, moduleId } = useContentRoute();
  const params = useParams();
  const id = Number(params.id ?? params.discussion_id);
  const itemId = params.item_id ? Number(params.item_id) : id;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const post = usePost(type, moduleId, id);
  const editingReply = itemId !== id;
  const comments = useComments(type, moduleId, id);
  const commentActions = useCommentActions(type, moduleId, id);

  const reply = editingReply ? allItems(comments.data).find((c) => c.id === itemId) : undefined;
  // A reply on a later page of the discussion: its pages are read until it is found (or they end).
  const looking = editingReply && !reply && (comments.hasNextPage || comments.isFetchingNextPage);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;
  useEffect(() => {
    if (editingReply && !reply && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [editingReply, reply, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (post.isPending || (editingReply && (comments.isPending || looking))) return <Spinner />;
  const p = post.data;
  if (!p) {
    return (
      <section className="page content-page">
        <EmptyState title={t('content.post.notFound')} text="">
          <Link to={`/${type}/${moduleId}`} className="btn btn-secondary">
            {t('content.post.back')}
          </Link>
        </EmptyState>
      </section>
    );
  }
  const back = postUrl(type, moduleId, p);
  // Someone else's post or reply (or a reply gone): say so, and lead to what there is to read.
  if (editingReply ? !reply?.permissions.edit : !p.permissions.edit) {
    return (
      <section className="page content-page">
        <EmptyState title={editingReply && !reply ? t('content.post.commentNotFound') : t('content.post.notYours')} text="">
          <Link to={editingReply && reply ? `${back}/item/${reply.id}` : back} className="btn btn-secondary">
            {type === 'forums' ? t('content.post.goToDiscussion') : t('content.post.goToPost')}
          </Link>
        </EmptyState>
      </section>
    );
  }
  return (
    <section className="page content-page" aria-label={t('content.editor.editPost')}>
      {reply ? (
        <div className="card">
          <h1 className="post-editor-title">{t('content.comments.editLabel')}</h1>
          <CommentForm
            label={t('content.comments.editLabel')}
            placeholder={t('content.comments.writeReply')}
            submitLabel={t('content.comments.save')}
            cancelLabel={t('content.comments.cancel')}
            initial={reply.text}
            autoFocus
            onCancel={() => navigate(`${back}/item/${reply.id}`)}
            onSubmit={(text) =>
              commentActions.edit.mutateAsync({ id: reply.id, text }).then(() => {
                toast(t('content.toast.commentSaved'));
                navigate(`${back}/item/${reply.id}`);
              })
            }
          />
        </div>
      ) : (
        <PostEditor
          type={type}
          moduleId={moduleId}
          post={p}
          onCancel={() => navigate(back)}
          onDone={(saved) => {
            void qc.invalidateQueries({ queryKey: moduleKey(type, moduleId) });
            navigate(postUrl(type, moduleId, saved), { replace: true });
          }}
        />
      )}
    </section>
  );
}
