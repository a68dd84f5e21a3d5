import type { SocialPost } from '@app/contract/schemas/twitter';
import { FEED_URL_MAX } from '@app/contract/twitter-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { relativeTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { PhotoPreview } from '../../../ui/photo-preview.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { UrlSettingForm } from '../../../ui/url-setting-form.tsx';
import { useFeed, useSetFeedUrl } from '../api/twitter-api.ts';
import '../twitter.css';

function PostCard({ post, now }: { post: SocialPost; now: Date }) {
  const { t } = useTranslation();
  const [photoAt, setPhotoAt] = useState<number | null>(null);
  const photos = post.media.map((m, i) => ({ id: `${post.id}-${i}`, url: m.url, position: i, alt: m.alt }));
  return (
    <li>
      <article className="card wall-post">
        <header className="wall-post-head">
          <Avatar src={post.author.avatar} name={post.author.name} size={40} />
          <div className="wall-post-who">
            <span className="wall-post-author">{post.author.name}</span>
            {post.published_at ? (
              <time className="muted" dateTime={post.published_at}>
                {relativeTime(new Date(post.published_at), now, t)}
              </time>
            ) : null}
          </div>
        </header>
        {post.title ? <h2 className="wall-post-title">{post.title}</h2> : null}
        {post.html ? <RichContent html={post.html} className="wall-post-text" /> : null}
        {post.media.length ? (
          <div className={`wall-media wall-media-${Math.min(post.media.length, 4)}`}>
            {post.media.map((m, i) => (
              <button key={m.url} type="button" className="wall-photo" onClick={() => setPhotoAt(i)}>
                <img src={m.url} alt={m.alt || t('twitter.photo', { n: i + 1 })} loading="lazy" />
              </button>
            ))}
          </div>
        ) : null}
        {post.url ? (
          <a className="wall-original" href={post.url} target="_blank" rel="noopener noreferrer">
            <Icon name="external" size={16} />
            <span>
              {t('twitter.original')}
              <span className="visually-hidden"> {t('twitter.newTab')}</span>
            </span>
          </a>
        ) : null}
        <PhotoPreview photos={photos} start={photoAt ?? 0} open={photoAt !== null} onClose={() => setPhotoAt(null)} />
      </article>
    </li>
  );
}

/** twitter.index: the wall's posts with author, time, text, pictures and a link to the original; "Updated x ago". */
export default function WallPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const feed = useFeed(moduleId);
  const setUrl = useSetFeedUrl(moduleId);
  const now = useNow(60_000);
  const [editing, setEditing] = useState(false);

  if (feed.isPending) return <Spinner />;
  const title = mod?.name ?? t('twitter.title');
  if (feed.isError || !feed.data) {
    return (
      <section className="page wall-page">
        <h1 className="page-title">{title}</h1>
        <div role="alert" className="card">
          <p>{t('common.errors.generic')}</p>
          <Button variant="secondary" onClick={() => void feed.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      </section>
    );
  }
  const f = feed.data;
  return (
    <section className="page wall-page" aria-labelledby="wall-title">
      <div className="wall-head">
        <div>
          <h1 id="wall-title" className="page-title">
            {title}
          </h1>
          {f.source ? (
            <p className="muted wall-meta">
              {f.title ? t('twitter.fromTitled', { title: f.title, host: f.source }) : t('twitter.from', { host: f.source })}
              {f.updated_at ? (
                <>
                  {' · '}
                  <time dateTime={f.updated_at}>{t('twitter.updated', { when: relativeTime(new Date(f.updated_at), now, t) })}</time>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        {f.can_edit ? (
          <Button variant="secondary" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            {t('twitter.source.edit')}
          </Button>
        ) : null}
      </div>
      {f.can_edit && (editing || !f.url) ? (
        <UrlSettingForm
          className="wall-source"
          label={t('twitter.source.label')}
          hint={t('twitter.source.hint')}
          value={f.url}
          maxLength={FEED_URL_MAX}
          onSave={(url) => setUrl.mutateAsync({ url })}
        />
      ) : null}
      {f.error ? (
        <p className="card wall-error" role="status">
          <Icon name="alert" size={18} />
          <span>
            {t('twitter.ownerError', { reason: t(`twitter.fetchError.${f.error.code}`), when: relativeTime(new Date(f.error.at), now, t) })}
          </span>
        </p>
      ) : null}
      {f.posts.length === 0 ? (
        !f.source ? (
          <EmptyState title={t('twitter.noSourceTitle')} text={f.can_edit ? t('twitter.noSourceOwner') : t('twitter.noSourceText')} />
        ) : f.updated_at ? (
          <EmptyState title={t('twitter.emptyTitle')} text={t('twitter.emptyText')} />
        ) : (
          <EmptyState title={t('twitter.waitingTitle')} text={t('twitter.waitingText')} />
        )
      ) : (
        <ul className="wall-list">
          {f.posts.map((p) => (
            <PostCard key={p.id} post={p} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
