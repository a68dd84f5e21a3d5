import type { EventCard as Card } from '@app/contract/schemas/events';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../ui/icon.tsx';
import { eventUrl } from '../api/events-api.ts';
import { RegisterButton } from './register-button.tsx';
import { useWhen } from './use-when.ts';

/** An event in the list: image, title, date and time with duration, place or Online, guest label, registrations, Register. */
export function EventCardItem({ moduleId, event: e }: { moduleId: number; event: Card }) {
  const { t } = useTranslation();
  const when = useWhen()(e);
  const titleId = useId();
  return (
    <li className="card events-card">
      <div className="events-card-image" aria-hidden="true">
        {e.image ? <img src={e.image} alt="" loading="lazy" width={1200} height={630} /> : <Icon name="events" size={40} />}
      </div>
      <div className="events-card-body">
        <h2 className="events-card-title" id={titleId}>
          <Link to={eventUrl(moduleId, e.id)}>{e.title}</Link>
        </h2>
        <p className="events-card-when">
          <time dateTime={e.starts_at}>
            {when.date}, {when.range}
          </time>{' '}
          <span className="muted events-nowrap">({when.duration})</span>
        </p>
        {e.location ? (
          <p className="events-card-where muted">
            <Icon name="pin" size={16} />
            <span>{e.location}</span>
          </p>
        ) : e.online_location ? (
          <p className="events-card-where muted">
            <Icon name="globe" size={16} />
            <span>{t('events.card.online')}</span>
          </p>
        ) : null}
        <div className="events-card-meta">
          {e.guest_label ? <span className="events-chip">{e.guest_label}</span> : null}
          <span className="muted">
            {t('events.card.registrations', { count: e.registrations_count })}
            {e.places_left !== null && e.places_left > 0 ? ` · ${t('events.card.placesLeft', { count: e.places_left })}` : ''}
          </span>
        </div>
      </div>
      <div className="events-card-action">
        <RegisterButton moduleId={moduleId} event={e} describedBy={titleId} />
      </div>
    </li>
  );
}
