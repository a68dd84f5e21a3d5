import type { ContentType, Post } from '@app/contract/schemas/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/format.ts';
import { ActionsMenu } from '../../../ui/actions-menu.tsx';
import { Attachments } from '../../../ui/attachments.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { PollView } from '../../../ui/poll-view.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import type { PostActions } from '../api/content-api.ts';
import { postUrl } from '../paths.ts';
import { usePostMenu } from './use-post-menu.tsx';
import { VotesDialog } from './votes-dialog.tsx';

interface Props {
  type: ContentType;
  moduleId: number;
  post: Post;
  now: Date;
  /** feed: excerpt with Read more, the title links to the post; full: the whole body. */
  variant: 'feed' | 'full';
  onShowLikes?: () => void;
  afterDelete?: string;
  /** The page's post calls (one set for all its cards). */
  actions: PostActions;
  /** On the first screen (the first cards of a feed, a post page): its cover loads at once, not when scrolled to. */
  firstScreen?: boolean;
}

export function AuthorLine({
  post,
  now,
  children,
}: {
  post: Pick<Post, 'user' | 'created_at' | 'edited_at'>;
  now: Date;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const date = new Date(post.created_at);
  return (
    <div className="post-author">
      <Link to={`/user/${post.user.id}`} className="post-avatar" tabIndex={-1} aria-hidden="true">
        <Avatar src={post.user.avatar} name={post.user.fullname} size={40} />
      </Link>
      <div className="post-author-text">
        <Link to={`/user/${post.user.id}`} className="post-author-name">
          {post.user.fullname}
          {post.user.is_verified ? (
            <span className="verified-badge" role="img" aria-label={t('activity.verified')} title={t('activity.verified')}>
              <Icon name="check" size={10} />
            </span>
          ) : null}
        </Link>
        <span className="post-meta muted">
          <time dateTime={post.created_at}>{relativeTime(date, now, t)}</time>
          {post.edited_at ? <span> · {t('content.post.edited')}</span> : null}
          {children}
        </span>
      </div>
    </div>
  );
}

/** A post or discussion: author, time, pinned and location, title, body or excerpt, poll, likes, comments and its menu. */
export function PostCard({
  type,
  moduleId,
  post,
  now,
  variant,
  onShowLikes,
  afterDelete,
  actions,
  firstScreen = variant === 'full',
}: Props) {
  const { t } = useTranslation();
  const menu = usePostMenu(type, moduleId, post, actions, { afterDelete });
  const [votesOpen, setVotesOpen] = useState(false);
  const url = postUrl(type, moduleId, post);
  const full = variant === 'full';
  const Heading = full ? 'h1' : 'h2';
  const long = post.excerpt.endsWith('…');
  return (
    <article className={`post-card card${post.pinned ? ' pinned' : ''}`} aria-labelledby={`post-${post.id}-title`}>
      <header className="post-head">
        <AuthorLine post={post} now={now}>
          {post.location ? (
            <span className="post-location">
              {' · '}
              <Icon name="pin" size={14} /> {post.location}
            </span>
          ) : null}
        </AuthorLine>
        {post.pinned ? <span className="post-pin">{t('content.post.pinned')}</span> : null}
        <ActionsMenu label={t('content.post.actions')} actions={menu.items} />
      </header>
      {post.cover_image ? (
        <img
          className="post-cover"
          src={post.cover_image.url}
          alt=""
          width={post.cover_image.width ?? undefined}
          height={post.cover_image.height ?? undefined}
          loading={firstScreen ? 'eager' : 'lazy'}
        />
      ) : null}
      <Heading id={`post-${post.id}-title`} className={`post-title${post.title ? '' : ' visually-hidden'}`}>
        {full ? (post.title ?? post.excerpt.slice(0, 80)) : <Link to={url}>{post.title ?? post.excerpt.slice(0, 80)}</Link>}
      </Heading>
      {full || !long ? (
        <RichContent html={post.text} className="post-body" />
      ) : (
        <p className="post-excerpt">
          {post.excerpt}{' '}
          <Link to={url} className="post-more">
            {t('content.post.readMore')}
            <span className="visually-hidden">: {post.title ?? post.excerpt.slice(0, 40)}</span>
          </Link>
        </p>
      )}
      {post.attachments.length ? <Attachments items={post.attachments} /> : null}
      {post.poll ? (
        <PollView
          poll={post.poll}
          busy={actions.vote.isPending && actions.vote.variables?.post.id === post.id}
          onShowVotes={() => setVotesOpen(true)}
          onVote={(optionId) => menu.actions.vote.mutate({ post, optionId })}
        />
      ) : null}
      {post.reported ? <p className="post-reported muted">{t('content.post.reported')}</p> : null}
      <footer className="post-foot">
        <button
          type="button"
          className={`post-like${post.liked ? ' on' : ''}`}
          aria-pressed={post.liked}
          onClick={() => menu.actions.like.mutate(post)}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill={post.liked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
          </svg>
          {t('content.post.like')}
        </button>
        {post.likes_count > 0 && onShowLikes ? (
          <button type="button" className="post-count" onClick={onShowLikes}>
            {t('content.post.likes', { count: post.likes_count })}
          </button>
        ) : (
          <span className="post-count muted">{t('content.post.likes', { count: post.likes_count })}</span>
        )}
        <Link to={full ? '#comments' : `${url}?goTo=comments`} className="post-count">
          {type === 'forums'
            ? t('content.post.replies', { count: post.comments_count })
            : t('content.post.comments', { count: post.comments_count })}
        </Link>
      </footer>
      {menu.dialogs}
      {votesOpen ? <VotesDialog type={type} moduleId={moduleId} postId={post.id} onClose={() => setVotesOpen(false)} /> : null}
    </article>
  );
}
