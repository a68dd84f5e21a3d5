import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useNow } from '../../../lib/use-now.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { useProfileLink } from '../../../ui/related-users.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { sessionUrl, useSpeaker } from '../api/agenda-api.ts';
import { SessionCard } from '../components/session-card.tsx';
import '../agenda.css';

/** agenda.profile: a speaker, their bio and their sessions; the member's profile when they are one. */
export default function SpeakerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const sessionId = Number(params.item_id);
  const speaker = useSpeaker(moduleId, Number(params.profile_id));
  const profileLink = useProfileLink();
  const now = useNow(60_000).getTime();
  const s = speaker.data;
  return (
    <article className="page agenda-speaker" aria-labelledby="speaker-name">
      <Link to={sessionUrl(moduleId, sessionId)} className="btn btn-ghost agenda-back">
        <Icon name="back" size={20} />
        <span>{t('common.actions.back')}</span>
      </Link>
      {speaker.isError || s === null ? (
        <EmptyState title={t('agenda.speaker.notFound')} text="" />
      ) : !s ? (
        <div className="card stack" role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton width={96} height={96} round />
          <Skeleton width="50%" />
        </div>
      ) : (
        <>
          <header className="card speaker-head">
            <Avatar src={s.photo} name={s.name} size={96} />
            <div className="stack">
              <h1 id="speaker-name" className="page-title">
                {s.name}
              </h1>
              <p className="muted">{[s.job_title, s.company].filter(Boolean).join(', ')}</p>
              {s.user_id ? (
                <p>
                  <Link to={profileLink(s.user_id)}>{t('agenda.speaker.profile')}</Link>
                </p>
              ) : null}
            </div>
          </header>
          {s.bio ? (
            <section className="card stack" aria-labelledby="speaker-about">
              <h2 id="speaker-about">{t('agenda.speaker.about')}</h2>
              <RichContent html={s.bio} />
            </section>
          ) : null}
          <section className="stack" aria-labelledby="speaker-sessions">
            <h2 id="speaker-sessions">{t('agenda.speaker.sessions')}</h2>
            <ul className="agenda-slot-list">
              {s.sessions.map((x) => (
                <SessionCard key={x.id} moduleId={moduleId} session={x} now={now} withDay />
              ))}
            </ul>
          </section>
        </>
      )}
    </article>
  );
}
