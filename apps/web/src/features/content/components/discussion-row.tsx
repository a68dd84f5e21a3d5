import type { Post } from '@app/contract/schemas/content';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import type { PostActions } from '../api/content-api.ts';
import { postUrl } from '../paths.ts';

/** A discussion in the forum list: title, start of the body, author, replies, last reply time, pinned, follow. */
export function DiscussionRow({ moduleId, post, now, actions }: { moduleId: number; post: Post; now: Date; actions: PostActions }) {
  const { t } = useTranslation();
  const { follow } = actions;
  const last = post.last_reply_at ? new Date(post.last_reply_at) : null;
  return (
    <li className={`discussion${post.pinned ? ' pinned' : ''}`}>
      <Avatar src={post.user.avatar} name={post.user.fullname} size={40} />
      <div className="discussion-main">
        <h2 className="discussion-title">
          <Link to={postUrl('forums', moduleId, post)}>{post.title}</Link>
        </h2>
        <p className="discussion-excerpt muted">{post.excerpt}</p>
        <p className="discussion-meta muted">
          {post.pinned ? <span className="post-pin">{t('content.post.pinned')}</span> : null}
          <span>{post.user.fullname}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('content.post.replies', { count: post.comments_count })}</span>
          <span aria-hidden="true"> · </span>
          <span>{last ? t('content.post.lastReply', { time: relativeTime(last, now, t) }) : t('content.post.noReplies')}</span>
        </p>
      </div>
      <button
        type="button"
        className={`follow-btn${post.followed ? ' on' : ''}`}
        aria-pressed={post.followed}
        disabled={follow.isPending && follow.variables?.id === post.id}
        aria-label={`${post.followed ? t('content.post.following') : t('content.post.follow')}: ${post.title}`}
        onClick={() => follow.mutate(post)}
      >
        {post.followed ? t('content.post.following') : t('content.post.follow')}
      </button>
    </li>
  );
}
