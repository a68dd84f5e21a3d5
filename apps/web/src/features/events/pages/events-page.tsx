import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { Button } from '../../../ui/button.tsx';
import { dayRange, isDay, localDayCounts, localDays, todayString } from '../../../ui/calendar.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { SessionCalendar } from '../../../ui/session-calendar.tsx';
import { useEvents, useOverview } from '../api/events-api.ts';
import type { EventsFilter } from '../api/keys.ts';
import { EventCardItem } from '../components/event-card.tsx';
import { upcomingDay, upcomingFrom } from '../rules.ts';
import '../events.css';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="stack">
      <span className="visually-hidden">{t('common.loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="card stack" aria-hidden="true">
          <Skeleton width="40%" />
          <Skeleton width="70%" />
          <Skeleton width="30%" />
        </div>
      ))}
    </div>
  );
}

/** `?day=all`: the reader cleared the day (upcoming events); no `day`: the calendar opens on its day. */
const ALL = 'all';

/**
 * events.index: search, the session calendar (days having events in the reader's time zone; it
 * opens on the nearest coming event day), the chosen day's events or, with the day cleared, the
 * upcoming ones; "No events on this day" offers the next day having events.
 */
export default function EventsPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const { search, draft, setDraft, submit, params, set } = useAddressSearch();
  const dayParam = params.get('day');
  // A hand-edited ?day= that is no day counts as none.
  const day = dayParam && dayParam !== ALL && isDay(dayParam) ? dayParam : null;
  const overview = useOverview(moduleId);
  // The reader's own days, from the start instants (the server's `dates` are UTC days).
  const starts = overview.data?.starts;
  const dates = useMemo(() => localDays(starts ?? []), [starts]);
  const startCounts = overview.data?.start_counts;
  const counts = useMemo(() => localDayCounts(starts ?? [], startCounts), [starts, startCounts]);
  const countLabel = useCallback((count: number) => t('events.calendarDay', { count }), [t]);

  const onDayChange = useCallback((d: string | null) => set({ day: d ?? ALL }), [set]);

  // A search looks across every day; otherwise the chosen day, or the events not over yet.
  const [upcomingStart] = useState(upcomingFrom);
  const filter: EventsFilter = search ? { search } : ((day ? dayRange(day) : null) ?? { from: upcomingStart });
  // Wait for the calendar's opening day unless the reader chose (or cleared) one.
  const waiting = !search && dayParam === null && (overview.isPending || dates.length > 0);
  const list = useEvents(moduleId, filter, !waiting);
  const events = list.data ?? [];
  const today = todayString();
  const next = upcomingDay(dates, day, today);
  const heading = search ? null : day ? t('events.onDay', { date: formatDate(new Date(`${day}T12:00:00`), t) }) : t('events.upcoming');

  return (
    <section className="page events-page" aria-labelledby="events-title">
      <h1 id="events-title" className="page-title">
        {mod?.name ?? t('events.title')}
      </h1>
      <SearchField label={t('events.search')} value={draft} onChange={setDraft} onSubmit={submit} />
      <div className="events-layout">
        {!search && dates.length > 0 ? (
          <div className="events-calendar card">
            <SessionCalendar
              dates={dates}
              selected={day}
              onDayChange={onDayChange}
              preselected={day}
              label={t('events.calendar')}
              counts={counts}
              countLabel={countLabel}
              autoSelect={dayParam === null}
            />
          </div>
        ) : null}
        <div className="events-main">
          {heading && !overview.isPending && overview.data?.events_count ? <h2 className="events-heading">{heading}</h2> : null}
          {overview.isPending || waiting || list.isPending ? (
            <ListSkeleton />
          ) : overview.data?.events_count === 0 ? (
            <EmptyState title={t('events.empty.title')} text={t('events.empty.text')} />
          ) : events.length === 0 ? (
            search ? (
              <EmptyState type="search" title={t('events.empty.search')} text={t('common.empty.search.text')} />
            ) : day ? (
              <EmptyState type="filters" title={t('events.empty.day')} text={t('events.empty.dayText')}>
                {next ? <Button onClick={() => set({ day: next })}>{t('events.empty.showUpcoming')}</Button> : null}
              </EmptyState>
            ) : (
              <EmptyState title={t('events.empty.upcoming')} text={t('events.empty.upcomingText')} />
            )
          ) : (
            <ul className="events-list">
              {events.map((e) => (
                <EventCardItem key={e.id} moduleId={moduleId} event={e} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
