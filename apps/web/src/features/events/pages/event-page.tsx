import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppConfig } from '../../../lib/app-state.ts';
import { copyLink } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { formatTime } from '../../../lib/format.ts';
import { ActionsMenu, type MenuAction } from '../../../ui/actions-menu.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { RelatedUsers } from '../../../ui/related-users.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { SpeakerList } from '../../../ui/speaker-list.tsx';
import { agendaUrl, eventUrl, speakerUrl, useEvent, useFlag } from '../api/events-api.ts';
import { RegisterButton } from '../components/register-button.tsx';
import { useWhen } from '../components/use-when.ts';
import { mapsUrl, splitJoinLink } from '../rules.ts';
import '../events.css';

type FlagTarget = { type: 'event' } | { type: 'section'; id: number };

/** Agenda items shown on the details screen before "See the full agenda". */
const AGENDA_PREVIEW = 3;

/**
 * events.item: cover, title, time and duration, place with a map link or online location, the
 * join link (registered members), guest label, places, register or unregister (or the organiser's
 * site), description, agenda, speakers, custom sections, attendees; copy link and report.
 */
export default function EventPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const id = Number(params.id);
  const event = useEvent(moduleId, id);
  const flag = useFlag(moduleId, id);
  const when = useWhen();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const [flagging, setFlagging] = useState<FlagTarget | null>(null);
  const back = (
    <Link to={`/events/${moduleId}`} className="btn btn-ghost events-back">
      <Icon name="back" size={20} />
      <span>{t('events.details.back')}</span>
    </Link>
  );

  if (event.isError || event.data === null)
    return (
      <section className="page events-detail">
        <EmptyState title={t('events.details.notFound')} text="">
          {back}
        </EmptyState>
      </section>
    );
  const e = event.data;
  if (!e)
    return (
      <section className="page events-detail">
        {back}
        <div className="card stack" role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton height={160} />
          <Skeleton width="60%" height={24} />
          <Skeleton width="40%" />
        </div>
      </section>
    );

  const w = when(e);
  const menu: MenuAction[] = [
    {
      key: 'copy',
      label: t('events.details.copyLink'),
      onSelect: () =>
        void copyLink(eventUrl(moduleId, e.id)).then(
          () => toast(t('events.toast.linkCopied')),
          () => toast(t('events.toast.error'), 'error'),
        ),
    },
  ];
  if (!e.reported) menu.push({ key: 'flag', label: t('events.details.flag'), onSelect: () => setFlagging({ type: 'event' }) });
  const placesText =
    e.places_left === null ? null : e.places_left > 0 ? t('events.card.placesLeft', { count: e.places_left }) : t('events.details.full');

  return (
    <article className="page events-detail" aria-labelledby="event-title">
      {back}
      <header className="card events-detail-head">
        {e.image ? <img className="events-cover" src={e.image} alt="" width={1200} height={630} /> : null}
        <div className="events-detail-title">
          <h1 id="event-title" className="page-title">
            {e.title}
          </h1>
          <ActionsMenu label={t('events.details.actions')} actions={menu} />
        </div>
        {e.cancelled ? (
          <p className="events-cancelled" role="status">
            {t('events.details.cancelled')}
          </p>
        ) : null}
        {e.reported ? <p className="muted">{t('events.details.reported')}</p> : null}
        <dl className="events-facts">
          <div>
            <dt>{t('events.details.when')}</dt>
            <dd>
              <time dateTime={e.starts_at}>
                {w.date}, {w.range}
              </time>{' '}
              <span className="muted events-nowrap">({w.duration})</span>
            </dd>
          </div>
          {e.location ? (
            <div>
              <dt>{t('events.details.where')}</dt>
              <dd>
                {e.location}{' '}
                <a href={e.map_url ?? mapsUrl(e.location)} target="_blank" rel="noopener noreferrer" className="events-link">
                  {t(e.map_url ? 'events.details.mapLink' : 'events.details.map')}
                  <span className="visually-hidden"> {t('events.details.newTab')}</span>
                </a>
              </dd>
            </div>
          ) : null}
          {e.online_location ? (
            <div>
              <dt>{t('events.card.online')}</dt>
              <dd>{e.online_location}</dd>
            </div>
          ) : null}
          {e.online_location ? (
            <div>
              <dt>{t('events.details.join')}</dt>
              <dd>
                {e.join_link && e.join_url ? (
                  <JoinLink text={e.join_link} url={e.join_url} newTab={t('events.details.newTab')} />
                ) : (
                  <span className="muted">{t('events.details.joinHint')}</span>
                )}
              </dd>
            </div>
          ) : null}
          {e.guest_label ? (
            <div>
              <dt>{t('events.details.guests')}</dt>
              <dd>{e.guest_label}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('events.details.places')}</dt>
            <dd aria-live="polite">
              {t('events.card.registrations', { count: e.registrations_count })}
              {placesText ? ` · ${placesText}` : ''}
            </dd>
          </div>
        </dl>
        <div className="events-detail-actions">
          <RegisterButton moduleId={moduleId} event={e} describedBy="event-title" large />
        </div>
      </header>

      {e.description ? (
        <section className="card stack" aria-labelledby="event-about">
          <h2 id="event-about">{t('events.details.about')}</h2>
          <RichContent html={e.description} />
        </section>
      ) : null}

      {e.agenda.length ? (
        <section className="card stack" aria-labelledby="event-agenda">
          <h2 id="event-agenda">{t('events.details.agenda')}</h2>
          <ol className="events-agenda">
            {e.agenda.slice(0, AGENDA_PREVIEW).map((a) => (
              <li key={a.id}>
                <time dateTime={a.starts_at} className="events-agenda-time">
                  {formatTime(new Date(a.starts_at), timeFormat)}
                </time>
                <span>{a.title}</span>
              </li>
            ))}
          </ol>
          <Link to={agendaUrl(moduleId, e.id)} className="events-link">
            {t('events.details.seeAgenda')}
          </Link>
        </section>
      ) : null}

      {e.speakers.length ? (
        <section className="card stack" aria-labelledby="event-speakers">
          <h2 id="event-speakers">{t('events.details.speakers')}</h2>
          <SpeakerList speakers={e.speakers} hrefOf={(id) => speakerUrl(moduleId, e.id, id)} />
        </section>
      ) : null}

      {e.sections.map((s) => (
        <section key={s.id} className="card stack" aria-labelledby={`event-section-${s.id}`}>
          <div className="events-section-head">
            <h2 id={`event-section-${s.id}`}>{s.title}</h2>
            {s.reported ? (
              <span className="muted">{t('events.details.reported')}</span>
            ) : (
              <ActionsMenu
                label={`${t('events.details.actions')}: ${s.title}`}
                actions={[
                  { key: 'flag', label: t('events.details.flagSection'), onSelect: () => setFlagging({ type: 'section', id: s.id }) },
                ]}
              />
            )}
          </div>
          <RichContent html={s.body} />
        </section>
      ))}

      <div className="card">
        <RelatedUsers entity="event" id={e.id} title={t('events.details.attendees')} />
      </div>

      {flagging ? (
        <ConfirmDialog
          open
          title={t('events.confirmFlag.title')}
          text={t('events.confirmFlag.text')}
          confirmLabel={t('events.confirmFlag.confirm')}
          cancelLabel={t('common.actions.cancel')}
          busy={flag.isPending}
          onClose={() => setFlagging(null)}
          onConfirm={() =>
            flag.mutate(flagging, {
              onSuccess: () => {
                setFlagging(null);
                toast(t('events.toast.reported'));
              },
            })
          }
        />
      ) : null}
    </article>
  );
}

/** The join link's text with its URL as a link (new tab). */
function JoinLink({ text, url, newTab }: { text: string; url: string; newTab: string }) {
  const [before, link, after] = splitJoinLink(text, url);
  return (
    <span className="events-join">
      {before}
      <a href={link} target="_blank" rel="noopener noreferrer" className="events-link">
        {link}
        <span className="visually-hidden"> {newTab}</span>
      </a>
      {after}
    </span>
  );
}
