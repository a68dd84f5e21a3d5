import type { PublicSession } from '@app/contract/schemas/agenda';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { SpeakerList } from '../../../ui/speaker-list.tsx';
import { downloadIcs, icsPaths, speakerUrl, useSession } from '../api/agenda-api.ts';
import { EditSessionDialog } from '../components/edit-session-dialog.tsx';
import { QaSection } from '../components/qa-section.tsx';
import { RatingSection } from '../components/rating-section.tsx';
import { ScheduleButton } from '../components/schedule-button.tsx';
import { hasStarted, isLive, minutesOf } from '../schedule.ts';
import '../agenda.css';
import { live } from '../live-loader.ts';

/** Date, time range and length of a session, in the app's time format and the reader's time zone. */
export function useWhen() {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  return (s: Pick<PublicSession, 'starts_at' | 'ends_at' | 'id' | 'title' | 'cancelled'>) =>
    `${formatDate(new Date(s.starts_at), t)}, ${formatTime(new Date(s.starts_at), timeFormat)} – ${formatTime(new Date(s.ends_at), timeFormat)} (${t('agenda.session.minutes', { count: minutesOf(s) })})`;
}

/** agenda.details: a session with its speakers, the reader's agenda and calendar, rating and live Q&A. */
export default function SessionPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const id = Number(params.item_id);
  const session = useSession(moduleId, id);
  const now = useNow(30_000).getTime();
  const when = useWhen();
  const [editing, setEditing] = useState(false);

  // Its Q&A and attendee count live while the screen is open, once there is a session to watch (a
  // missing one is not asked for again when the socket connects).
  const found = Boolean(session.data);
  useEffect(() => {
    if (!found) return;
    let left = false;
    let stop = () => {};
    void live().then((m) => {
      if (left) return;
      m.watch(moduleId, id, true);
      stop = () => m.watch(moduleId, id, false);
    });
    return () => {
      left = true;
      stop();
    };
  }, [moduleId, id, found]);

  const s = session.data;
  return (
    <article className="page agenda-session" aria-labelledby="session-title">
      <Link to={`/agenda/${moduleId}`} className="btn btn-ghost agenda-back">
        <Icon name="back" size={20} />
        <span>{t('agenda.session.back')}</span>
      </Link>
      {session.isError || s === null ? (
        <EmptyState title={t('agenda.session.notFound')} text="" />
      ) : !s ? (
        <div className="card stack" role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton width="60%" height={24} />
          <Skeleton width="40%" />
          <Skeleton />
        </div>
      ) : (
        <>
          <header className="card stack session-head" style={{ ['--track' as string]: s.track?.color ?? 'var(--border)' }}>
            <p className="session-badges">
              {s.track ? (
                <span className="session-track">
                  <span className="track-dot" aria-hidden="true" />
                  {s.track.name}
                </span>
              ) : null}
              {isLive(s, now) ? <span className="badge badge-live">{t('agenda.session.live')}</span> : null}
              {s.cancelled ? <span className="badge badge-cancelled">{t('agenda.session.cancelled')}</span> : null}
            </p>
            <h1 id="session-title" className="page-title">
              {s.title}
            </h1>
            <p className={s.cancelled ? 'is-struck' : undefined}>
              <time dateTime={s.starts_at}>{when(s)}</time>
            </p>
            {s.location ? (
              <p>
                <span className="muted">{t('agenda.session.room')}: </span>
                {s.location}
              </p>
            ) : null}
            <p className="muted" aria-live="polite">
              {t('agenda.session.attendees', { count: s.attendees_count })}
            </p>
            <div className="row wrap">
              <ScheduleButton moduleId={moduleId} session={s} withText />
              <Button
                variant="secondary"
                onClick={() =>
                  void downloadIcs(icsPaths.session(moduleId, s.id), `session-${s.id}.ics`).catch(() =>
                    toast(t('common.errors.generic'), 'error'),
                  )
                }
              >
                {t('agenda.session.addToCalendar')}
              </Button>
              {s.can_edit ? (
                <Button variant="ghost" onClick={() => setEditing(true)}>
                  {t('agenda.edit.title')}
                </Button>
              ) : null}
            </div>
          </header>
          {s.description ? (
            <section className="card stack" aria-labelledby="session-about">
              <h2 id="session-about">{t('agenda.session.about')}</h2>
              <RichContent html={s.description} />
            </section>
          ) : null}
          {s.speakers.length ? (
            <section className="card stack" aria-labelledby="session-speakers">
              <h2 id="session-speakers">{t('agenda.session.speakers')}</h2>
              <SpeakerList speakers={s.speakers} hrefOf={(id) => speakerUrl(moduleId, s.id, id)} />
            </section>
          ) : null}
          <RatingSection key={`${s.id}-${s.my_rating?.rating ?? 0}`} moduleId={moduleId} session={s} started={hasStarted(s, now)} />
          <QaSection moduleId={moduleId} sessionId={s.id} canModerate={s.can_moderate} open={!s.cancelled} />
          {s.can_edit && editing ? (
            <EditSessionDialog moduleId={moduleId} session={s} open={editing} onClose={() => setEditing(false)} />
          ) : null}
        </>
      )}
    </article>
  );
}
