import type { Meeting } from '@app/contract/schemas/networking';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import type { MeetAction } from '../api/meets-api.ts';
import { timeState } from '../meets.ts';

interface Props {
  m: Meeting;
  me: number;
  now: number;
  busy: boolean;
  onAction: (m: Meeting, action: MeetAction) => void;
  onEdit: (m: Meeting) => void;
  onCalendar: (m: Meeting) => void;
}

/**
 * A meeting as I see it: the other member (to their profile), the slot in my zone and the app's
 * time format, duration, place, cover message, its state, and what I may do with it.
 */
export function MeetingCard({ m, me, now, busy, onAction, onEdit, onCalendar }: Props) {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const titleId = useId();
  const mine = m.initiator.id === me;
  const other = mine ? m.invitee : m.initiator;
  const start = new Date(m.time_start * 1000);
  const end = new Date(m.time_end * 1000);
  const when = timeState(m, now);
  const open = when !== 'passed';
  const job = [other.job_title, other.company].filter(Boolean).join(' · ');
  const cancelledBy =
    m.status === 'cancelled'
      ? m.cancelled_by === me
        ? t('networking.card.cancelledByYou')
        : t('networking.card.cancelledByThem', { name: other.fullname })
      : null;

  return (
    <li className="card meet-card" aria-labelledby={titleId}>
      <div className="meet-card-head">
        <Link to={`/user/${other.id}`} className="meet-person" tabIndex={-1} aria-hidden="true">
          <Avatar src={other.avatar} name={other.fullname} size={48} />
        </Link>
        <div className="meet-person-text">
          <h2 className="meet-card-title" id={titleId}>
            <Link to={`/user/${other.id}`}>{other.fullname}</Link>
          </h2>
          {job ? <p className="muted meet-job">{job}</p> : null}
          <div className="meet-badges">
            <span className={`meet-badge meet-badge-${m.status}`}>
              {m.moved ? t('networking.status.moved') : t(`networking.status.${m.status}`)}
            </span>
            {when && m.status === 'accepted' ? (
              <span className={`meet-badge meet-badge-${when}`}>{t(`networking.status.${when}`)}</span>
            ) : null}
            {when === 'passed' && m.status === 'pending' ? (
              <span className="meet-badge meet-badge-passed">{t('networking.status.passed')}</span>
            ) : null}
          </div>
        </div>
      </div>
      <p className="meet-when">
        <time dateTime={start.toISOString()}>
          {formatDate(start, t)}, {formatTime(start, timeFormat)} – {formatTime(end, timeFormat)}
        </time>{' '}
        <span className="muted">({t('networking.card.minutes', { count: m.duration })})</span>
      </p>
      {m.location ? (
        <p className="meet-line">
          <span className="muted">{t('networking.card.location')}:</span> {m.location}
        </p>
      ) : null}
      {m.title ? (
        <blockquote className="meet-message">
          <span className="visually-hidden">{t('networking.card.message')}: </span>
          {m.title}
        </blockquote>
      ) : null}
      {cancelledBy ? <p className="muted meet-line">{cancelledBy}</p> : null}
      {open ? (
        <div className="meet-actions">
          {m.status === 'pending' && !mine ? (
            <>
              <Button busy={busy} aria-describedby={titleId} onClick={() => onAction(m, 'accept')}>
                {t('networking.actions.accept')}
              </Button>
              <Button variant="secondary" disabled={busy} aria-describedby={titleId} onClick={() => onAction(m, 'reject')}>
                {t('networking.actions.decline')}
              </Button>
            </>
          ) : null}
          {m.status === 'accepted' ? (
            <Button variant="secondary" aria-describedby={titleId} onClick={() => onCalendar(m)}>
              {t('networking.actions.addToCalendar')}
            </Button>
          ) : null}
          {mine && (m.status === 'pending' || m.status === 'accepted') ? (
            <Button variant="secondary" disabled={busy} aria-describedby={titleId} onClick={() => onEdit(m)}>
              {t('networking.actions.edit')}
            </Button>
          ) : null}
          {(m.status === 'pending' && mine) || m.status === 'accepted' ? (
            <Button
              variant="ghost"
              className="meet-cancel"
              disabled={busy}
              aria-describedby={titleId}
              onClick={() => onAction(m, 'cancel')}
            >
              {m.status === 'pending' ? t('networking.actions.withdraw') : t('networking.actions.cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
