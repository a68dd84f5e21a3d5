import { CONTENT_LIMITS } from '@app/contract/content-constants';
import type { Comment, ContentType } from '@app/contract/schemas/content';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyText } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { relativeTime } from '../../../lib/format.ts';
import { ActionsMenu, type MenuAction } from '../../../ui/actions-menu.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { allItems, useCommentActions, useComments } from '../api/content-api.ts';
import { absoluteUrl } from '../paths.ts';
import { CommentForm } from './comment-form.tsx';

interface Props {
  type: ContentType;
  moduleId: number;
  postId: number;
  /** The post's page, for comment links (`…/item/{id}` in forums, `#comment-{id}` elsewhere). */
  postPath: string;
  now: Date;
  /** A comment to scroll to and highlight (forums item route). */
  focusId?: number;
}

type Confirm = { kind: 'delete' | 'flag'; comment: Comment } | null;

function linkOf(type: ContentType, postPath: string, id: number) {
  return type === 'forums' ? `${postPath}/item/${id}` : `${postPath}#comment-${id}`;
}

/**
 * Comments in thread order, replies indented up to CONTENT_LIMITS.commentIndentMax levels and
 * flattened below that with "Replying to {name}"; like, reply, edit, delete and report each comment.
 */
export function Comments({ type, moduleId, postId, postPath, now, focusId }: Props) {
  const { t } = useTranslation();
  const query = useComments(type, moduleId, postId);
  const actions = useCommentActions(type, moduleId, postId);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const forum = type === 'forums';
  const comments = allItems(query.data);

  useEffect(() => {
    if (!focusId || !comments.some((c) => c.id === focusId)) return;
    document.getElementById(`comment-${focusId}`)?.scrollIntoView({ block: 'center' });
  }, [focusId, comments]);

  const menuOf = (c: Comment): MenuAction[] => {
    const items: MenuAction[] = [
      {
        key: 'copy',
        label: t('content.post.copyLink'),
        onSelect: () => void copyText(absoluteUrl(linkOf(type, postPath, c.id))).then(() => toast(t('content.toast.linkCopied'))),
      },
    ];
    if (c.permissions.edit) items.push({ key: 'edit', label: t('content.comments.edit'), onSelect: () => setEditing(c.id) });
    if (!c.permissions.edit && !c.reported)
      items.push({ key: 'flag', label: t('content.post.flag'), onSelect: () => setConfirm({ kind: 'flag', comment: c }) });
    if (c.permissions.delete)
      items.push({
        key: 'delete',
        label: t('content.post.delete'),
        danger: true,
        onSelect: () => setConfirm({ kind: 'delete', comment: c }),
      });
    return items;
  };

  return (
    <section id="comments" className="comments" aria-labelledby="comments-title" tabIndex={-1}>
      <h2 id="comments-title" className="comments-title">
        {forum ? t('content.comments.repliesTitle') : t('content.comments.title')}
      </h2>
      <CommentForm
        label={t('content.comments.label')}
        placeholder={forum ? t('content.comments.writeReply') : t('content.comments.write')}
        submitLabel={t('content.comments.send')}
        onSubmit={(text) => actions.add.mutateAsync({ text }).then(() => toast(t('content.toast.commentSaved')))}
      />
      {query.isPending ? <Spinner /> : null}
      {query.isSuccess && comments.length === 0 ? (
        <p className="muted comments-empty">{forum ? t('content.comments.emptyReplies') : t('content.comments.empty')}</p>
      ) : null}
      <ol className="comment-list">
        {comments.map((c) => {
          const indent = Math.min(c.depth, CONTENT_LIMITS.commentIndentMax);
          const flattened = c.depth > CONTENT_LIMITS.commentIndentMax;
          const date = new Date(c.created_at);
          return (
            <li
              key={c.id}
              id={`comment-${c.id}`}
              className={`comment indent-${indent}${focusId === c.id ? ' focused' : ''}`}
              aria-label={c.user.fullname}
            >
              <Link to={`/user/${c.user.id}`} className="comment-avatar" tabIndex={-1} aria-hidden="true">
                <Avatar src={c.user.avatar} name={c.user.fullname} size={32} />
              </Link>
              <div className="comment-main">
                <div className="comment-head">
                  <Link to={`/user/${c.user.id}`} className="comment-name">
                    {c.user.fullname}
                  </Link>
                  <span className="muted comment-time">
                    <Link to={linkOf(type, postPath, c.id)} className="comment-permalink" title={t('content.comments.permalink')}>
                      <time dateTime={c.created_at}>{relativeTime(date, now, t)}</time>
                    </Link>
                    {c.edited_at ? ` · ${t('content.post.edited')}` : ''}
                  </span>
                  <ActionsMenu label={t('content.post.actions')} actions={menuOf(c)} />
                </div>
                {flattened && c.reply_to ? (
                  <p className="comment-replying muted">{t('content.comments.replyingTo', { name: c.reply_to.fullname })}</p>
                ) : null}
                {editing === c.id ? (
                  <CommentForm
                    label={t('content.comments.editLabel')}
                    placeholder={t('content.comments.write')}
                    submitLabel={t('content.comments.save')}
                    cancelLabel={t('content.comments.cancel')}
                    initial={c.text}
                    autoFocus
                    onCancel={() => setEditing(null)}
                    onSubmit={(text) =>
                      actions.edit.mutateAsync({ id: c.id, text }).then(() => {
                        setEditing(null);
                        toast(t('content.toast.commentSaved'));
                      })
                    }
                  />
                ) : (
                  <p className="comment-text">{c.text}</p>
                )}
                {c.reported ? <p className="muted comment-reported">{t('content.post.reported')}</p> : null}
                <div className="comment-actions">
                  <button
                    type="button"
                    className={`comment-like${c.liked ? ' on' : ''}`}
                    aria-pressed={c.liked}
                    onClick={() => actions.like.mutate(c)}
                  >
                    {t('content.post.like')}
                    {c.likes_count ? <span className="comment-like-count"> · {c.likes_count}</span> : null}
                  </button>
                  <button
                    type="button"
                    className="comment-reply"
                    aria-expanded={replyTo === c.id}
                    onClick={() => setReplyTo(replyTo === c.id ? null : c.id)}
                  >
                    {t('content.comments.reply')}
                  </button>
                </div>
                {replyTo === c.id ? (
                  <CommentForm
                    label={t('content.comments.replyingTo', { name: c.user.fullname })}
                    placeholder={t('content.comments.writeReply')}
                    submitLabel={t('content.comments.send')}
                    cancelLabel={t('content.comments.cancelReply')}
                    autoFocus
                    onCancel={() => setReplyTo(null)}
                    onSubmit={(text) =>
                      actions.add.mutateAsync({ text, parent_id: c.id }).then(() => {
                        setReplyTo(null);
                        toast(t('content.toast.commentSaved'));
                      })
                    }
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {query.hasNextPage ? (
        <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('content.comments.loadMore')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title={t('content.confirm.deleteCommentTitle')}
        text={t('content.confirm.deleteCommentText')}
        confirmLabel={t('content.confirm.delete')}
        cancelLabel={t('content.editor.cancel')}
        danger
        busy={actions.remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          actions.remove.mutate(confirm.comment.id, {
            onSuccess: () => {
              setConfirm(null);
              toast(t('content.toast.commentDeleted'));
            },
          })
        }
      />
      <ConfirmDialog
        open={confirm?.kind === 'flag'}
        title={t('content.confirm.flagTitle')}
        text={t('content.confirm.flagText')}
        confirmLabel={t('content.confirm.report')}
        cancelLabel={t('content.editor.cancel')}
        busy={actions.flag.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          actions.flag.mutate(confirm.comment, {
            onSuccess: () => {
              setConfirm(null);
              toast(t('content.toast.reported'));
            },
          })
        }
      />
    </section>
  );
}
