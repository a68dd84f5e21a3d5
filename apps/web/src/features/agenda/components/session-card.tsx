import type { AgendaSession } from '@app/contract/schemas/agenda';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { sessionUrl } from '../api/agenda-api.ts';
import { isLive } from '../schedule.ts';
import { ScheduleButton } from './schedule-button.tsx';

interface Props {
  moduleId: number;
  session: AgendaSession;
  now: number;
  /** A session of the reader's schedule that this one overlaps. */
  overlapsWith?: AgendaSession | undefined;
  /** Its day before the time: a list of several days without day headings (a speaker's sessions). */
  withDay?: boolean;
}

/** One session of the agenda list: time, title, room, track, speakers, the star that keeps it. */
export function SessionCard({ moduleId, session: s, now, overlapsWith, withDay = false }: Props) {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const live = isLive(s, now);
  const titleId = `session-${s.id}-title`;
  return (
    <li
      className={`session-card${s.cancelled ? ' is-cancelled' : ''}`}
      style={{ ['--track' as string]: s.track?.color ?? 'var(--border)' }}
    >
      <div className="session-card-main">
        <p className="session-time">
          <time dateTime={s.starts_at}>
            {withDay ? `${formatDate(new Date(s.starts_at), t)}, ` : ''}
            {formatTime(new Date(s.starts_at), timeFormat)}
          </time>
          <span aria-hidden="true"> – </span>
          <time dateTime={s.ends_at}>{formatTime(new Date(s.ends_at), timeFormat)}</time>
          {live ? <span className="badge badge-live">{t('agenda.session.live')}</span> : null}
          {s.cancelled ? <span className="badge badge-cancelled">{t('agenda.session.cancelled')}</span> : null}
        </p>
        <h3 id={titleId} className="session-title">
          <Link to={sessionUrl(moduleId, s.id)}>{s.title}</Link>
        </h3>
        <p className="session-meta muted">
          {s.location ? <span>{s.location}</span> : null}
          {s.track ? (
            <span className="session-track">
              <span className="track-dot" aria-hidden="true" />
              {s.track.name}
            </span>
          ) : null}
        </p>
        {s.speakers.length ? (
          <ul className="session-speakers" aria-label={t('agenda.session.speakers')}>
            {s.speakers.map((p) => (
              <li key={p.id}>
                <Avatar src={p.photo} name={p.name} size={24} />
                <span>{p.name}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {overlapsWith ? (
          <p className="session-overlap" role="note">
            {t('agenda.session.overlaps', { title: overlapsWith.title })}
          </p>
        ) : null}
      </div>
      <ScheduleButton moduleId={moduleId} session={s} describedBy={titleId} />
    </li>
  );
}
