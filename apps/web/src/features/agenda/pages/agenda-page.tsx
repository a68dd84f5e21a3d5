import type { AgendaSession } from '@app/contract/schemas/agenda';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppConfig, useCurrentModule } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { formatTime } from '../../../lib/format.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { dayName, dayRange, initialDay, isDay, localDayCounts, localDays, todayString } from '../../../ui/calendar.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import type { FilterDef, FilterSelection } from '../../../ui/filters.ts';
import { Skeleton } from '../../../ui/loader.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { downloadIcs, icsPaths, type SessionsFilter, useOverview, useSessions } from '../api/agenda-api.ts';
import { SessionCard } from '../components/session-card.tsx';
import { SubscribeDialog } from '../components/subscribe-dialog.tsx';
import { byStart, overlaps } from '../schedule.ts';
import '../agenda.css';
import { useFirstScreenRows } from '../../../lib/after-first-screen.ts';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="stack">
      <span className="visually-hidden">{t('common.loading')}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="card stack" aria-hidden="true">
          <Skeleton width="30%" />
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </div>
      ))}
    </div>
  );
}

/** "Tue 10 Mar" from the language's short weekday and month names. */
function dayLabel(day: string, t: (k: string) => string): { weekday: string; date: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  const weekday = t('widgets.calendar.weekdaysShort').split('|')[(date.getDay() + 6) % 7] ?? '';
  const month = t('common.time.monthsShort').split('|')[m - 1] ?? String(m);
  return { weekday, date: `${d} ${month}` };
}

/** agenda.index: the programme by day, track and search; "My agenda" with overlaps; calendar export and subscription. */
export default function AgendaPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const { search, draft, setDraft, submit, params, set } = useAddressSearch();
  const mine = params.get('tab') === 'mine';
  const tracks = params.get('track')?.split(',').filter(Boolean) ?? [];
  const [subscribing, setSubscribing] = useState(false);
  const overview = useOverview(moduleId);
  // The reader's own days, from the start instants (the server's `dates` are UTC days).
  const starts = overview.data?.starts;
  const dates = useMemo(() => localDays(starts ?? []), [starts]);
  const startCounts = overview.data?.start_counts;
  const counts = useMemo(() => localDayCounts(starts ?? [], startCounts), [starts, startCounts]);
  // A day from the address only when it is one (a hand-edited ?day= falls back to the opening day).
  const asked = params.get('day');
  const day = asked && isDay(asked) ? asked : initialDay(dates, null, todayString());
  const now = useNow(60_000).getTime();

  // Searching looks across every day; otherwise one day at a time (My agenda shows all its days).
  const filter: SessionsFilter = mine
    ? { my: true, tracks, search }
    : search
      ? { tracks, search }
      : { ...((day ? dayRange(day) : null) ?? {}), tracks };
  const sessions = useSessions(moduleId, filter, mine || Boolean(search) || day !== null || overview.isSuccess);
  const list = sessions.data ?? [];
  const clashes = useMemo(() => (mine ? overlaps(list) : new Map<number, AgendaSession>()), [mine, list]);

  const defs: FilterDef[] = [
    { filter: null, title: t('common.filters.all'), type: 'radio' },
    ...(overview.data?.tracks.length
      ? [
          {
            filter: 'track',
            title: t('agenda.filters.tracks'),
            type: 'multiselect' as const,
            values: overview.data.tracks.map((x) => ({ id: String(x.id), name: x.name })),
          },
        ]
      : []),
  ];
  const selection: FilterSelection[] = tracks.length
    ? [{ filter: 'track', title: t('agenda.filters.tracks'), type: 'multiselect', values: tracks }]
    : [{ filter: null, title: t('common.filters.all'), type: 'radio', values: [] }];

  const groups = byStart(list);
  const shownGroups = useFirstScreenRows(groups, 3);
  const showDay = (iso: string) => {
    const d = new Date(iso);
    const label = dayLabel(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`, t);
    return `${label.weekday} ${label.date}`;
  };

  return (
    <section className="page agenda-page" aria-labelledby="agenda-title">
      <h1 id="agenda-title" className="page-title">
        {mod?.name ?? t('shell.module')}
      </h1>
      <fieldset className="agenda-tabs">
        <legend className="visually-hidden">{mod?.name ?? t('shell.module')}</legend>
        <button type="button" className="agenda-tab" aria-pressed={!mine} onClick={() => set({ tab: null })}>
          {t('agenda.tabs.all')}
        </button>
        <button type="button" className="agenda-tab" aria-pressed={mine} onClick={() => set({ tab: 'mine' })}>
          {t('agenda.tabs.mine')}
          {overview.data?.schedule_count ? <span className="agenda-count">{overview.data.schedule_count}</span> : null}
        </button>
      </fieldset>
      <SearchField label={t('agenda.search')} value={draft} onChange={setDraft} onSubmit={submit} />
      {defs.length > 1 ? (
        <FilterBar
          label={t('agenda.filters.label')}
          defs={defs}
          value={selection}
          onApply={(sel) => set({ track: sel.find((e) => e.filter === 'track')?.values.join(',') || null })}
        />
      ) : null}
      {!mine && !search && dates.length > 0 ? (
        <nav className="agenda-days" aria-label={t('agenda.days')}>
          {dates.map((d) => {
            const l = dayLabel(d, t);
            return (
              <button key={d} type="button" className="agenda-day" aria-pressed={d === day} onClick={() => set({ day: d })}>
                {/* Read out whole ("Tuesday, 10 March 2026, 4 sessions"), not the abbreviations shown. */}
                <span className="agenda-day-weekday" aria-hidden="true">
                  {l.weekday}
                </span>
                <span className="agenda-day-date" aria-hidden="true">
                  {l.date}
                </span>
                <span className="visually-hidden">{`${dayName(d, t)}, ${t('agenda.daySessions', { count: counts.get(d) ?? 0 })}`}</span>
              </button>
            );
          })}
        </nav>
      ) : null}
      {mine ? (
        <div className="agenda-calendar-actions">
          <Button
            variant="secondary"
            onClick={() =>
              void downloadIcs(icsPaths.schedule(moduleId), 'my-agenda.ics').catch(() => toast(t('common.errors.generic'), 'error'))
            }
          >
            {t('agenda.calendar.export')}
          </Button>
          <Button variant="secondary" onClick={() => setSubscribing(true)}>
            {t('agenda.calendar.subscribe')}
          </Button>
        </div>
      ) : null}

      {overview.isPending || sessions.isPending ? (
        <ListSkeleton />
      ) : overview.data?.sessions_count === 0 ? (
        <EmptyState title={t('agenda.empty.title')} text={t('agenda.empty.text')} />
      ) : list.length === 0 ? (
        search ? (
          <EmptyState type="search" title={t('agenda.empty.search')} text={t('common.empty.search.text')} />
        ) : mine ? (
          <EmptyState title={t('agenda.empty.mine')} text={t('agenda.empty.mineText')} />
        ) : (
          <EmptyState type="filters" title={t('agenda.empty.day')} text={t('agenda.empty.dayText')} />
        )
      ) : (
        <div className="agenda-list">
          {shownGroups.map((g, i) => {
            // Each day's first slot is headed by the day (a heading between the page's and the sessions').
            const newDay = i === 0 || showDay(g.start) !== showDay(groups[i - 1]?.start ?? '');
            return (
              <section
                key={g.start}
                className="agenda-slot"
                aria-label={`${showDay(g.start)} ${formatTime(new Date(g.start), timeFormat)}`}
              >
                {newDay ? <h2 className="agenda-slot-day">{showDay(g.start)}</h2> : null}
                <ul className="agenda-slot-list">
                  {g.items.map((s) => (
                    <SessionCard key={s.id} moduleId={moduleId} session={s} now={now} overlapsWith={clashes.get(s.id)} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      <SubscribeDialog moduleId={moduleId} open={subscribing} onClose={() => setSubscribing(false)} />
    </section>
  );
}
