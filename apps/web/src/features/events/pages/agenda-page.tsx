import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { formatTime } from '../../../lib/format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { eventUrl, useEvent } from '../api/events-api.ts';
import { useWhen } from '../components/use-when.ts';
import '../events.css';

/** events.agenda: the event's programme items with their times. */
export default function EventAgendaPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const id = Number(params.id);
  const event = useEvent(moduleId, id);
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const when = useWhen();
  const e = event.data;
  return (
    <article className="page events-detail" aria-labelledby="agenda-title">
      <Link to={eventUrl(moduleId, id)} className="btn btn-ghost events-back">
        <Icon name="back" size={20} />
        <span>{t('events.details.backToEvent')}</span>
      </Link>
      {event.isError || e === null ? (
        <EmptyState title={t('events.details.notFound')} text="" />
      ) : !e ? (
        <div className="card stack" role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton width="60%" height={24} />
          <Skeleton />
          <Skeleton />
        </div>
      ) : (
        <>
          <header className="stack">
            <h1 id="agenda-title" className="page-title">
              {t('events.details.agenda')}: {e.title}
            </h1>
            <p className="muted">
              {when(e).date}, {when(e).range}
            </p>
          </header>
          {e.agenda.length === 0 ? (
            <EmptyState title={t('events.details.agenda')} text={t('events.agenda.empty')} />
          ) : (
            <ol className="card events-agenda events-agenda-full">
              {e.agenda.map((a) => (
                <li key={a.id}>
                  <span className="events-agenda-time">
                    <time dateTime={a.starts_at}>{formatTime(new Date(a.starts_at), timeFormat)}</time>
                    {a.ends_at ? (
                      <>
                        {' – '}
                        <time dateTime={a.ends_at}>{formatTime(new Date(a.ends_at), timeFormat)}</time>
                      </>
                    ) : null}
                  </span>
                  <span className="events-tight">
                    <strong>{a.title}</strong>
                    {a.description ? <span className="muted">{a.description}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </article>
  );
}
