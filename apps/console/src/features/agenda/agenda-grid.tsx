import { type DragEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type AgendaGrid, type ConsoleSession, useMove } from './agenda-api.ts';
import { conflictedIds, SessionBadges } from './agenda-sessions.tsx';
import { dayOf, dayStart, formatDay, formatTime, SLOT_MS } from './agenda-time.ts';

const NS = 'console-agenda';
/** Height of a 15-minute slot. */
const SLOT_PX = 20;
const HOUR = 3_600_000;

interface Column {
  id: number | null;
  name: string;
}
interface Placed {
  id: number;
  start: number;
  end: number;
  roomId: number | null;
}

/**
 * The grid of one day: rooms as columns, time as rows (15-minute slots). A session is dragged to
 * another slot or room, or moved with the keyboard (arrows: 15 minutes / the next room, Enter saves,
 * Escape cancels); each move is one PATCH. Sessions in a conflict carry a badge, and the list of
 * conflicts stands above the grid.
 */
export function AgendaGridView({ appId, moduleId, grid }: { appId: number; moduleId: number; grid: AgendaGrid }) {
  const { t, i18n } = useTranslation();
  const days = useMemo(() => [...new Set(grid.sessions.map((s) => dayOf(s.starts_at)))].sort(), [grid.sessions]);
  const [asked, setDay] = useState<string | undefined>();
  const day = asked && days.includes(asked) ? asked : days[0];
  return (
    <div className="agenda-grid-area">
      <Conflicts grid={grid} />
      {day === undefined ? (
        <p className="muted">{t(`${NS}.grid.empty`)}</p>
      ) : (
        <Tabs
          tabs={days.map((d) => ({ id: d, label: formatDay(d, i18n.language) }))}
          selected={day}
          onSelect={setDay}
          label={t(`${NS}.grid.days`)}
        >
          <DayGrid key={day} appId={appId} moduleId={moduleId} grid={grid} day={day} />
        </Tabs>
      )}
    </div>
  );
}

function Conflicts({ grid }: { grid: AgendaGrid }) {
  const { t, i18n } = useTranslation();
  const sessions = useMemo(() => new Map(grid.sessions.map((s) => [s.id, s])), [grid.sessions]);
  const rooms = useMemo(() => new Map(grid.rooms.map((r) => [r.id, r.name])), [grid.rooms]);
  const speakers = useMemo(() => new Map(grid.speakers.map((r) => [r.id, r.name])), [grid.speakers]);
  if (grid.conflicts_count === 0) return null;
  return (
    <section className="card agenda-conflicts" aria-labelledby="agenda-conflicts-title">
      <h2 id="agenda-conflicts-title" className="card-title">
        {t(`${NS}.conflicts.title`, { count: grid.conflicts_count })}
      </h2>
      <ul>
        {grid.conflicts.map((c) => {
          const [a, b] = c.session_ids.map((id) => sessions.get(id));
          const name = (c.kind === 'room' ? rooms.get(c.ref_id) : speakers.get(c.ref_id)) ?? '';
          return (
            <li key={`${c.kind}-${c.ref_id}-${c.session_ids.join('-')}`} className="agenda-break">
              {t(`${NS}.conflicts.${c.kind}`, {
                name,
                a: a?.title ?? '',
                b: b?.title ?? '',
                when: a ? `${formatDay(dayOf(a.starts_at), i18n.language)} ${formatTime(a.starts_at, i18n.language)}` : '',
              })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DayGrid({ appId, moduleId, grid, day }: { appId: number; moduleId: number; grid: AgendaGrid; day: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const move = useMove(appId, moduleId);
  const [pending, setPending] = useState<Placed | undefined>();
  const [said, setSaid] = useState('');
  const area = useRef<HTMLDivElement>(null);
  const grab = useRef<{ id: number; slots: number } | null>(null);
  const conflicted = useMemo(() => conflictedIds(grid), [grid]);
  const tracks = useMemo(() => new Map(grid.tracks.map((x) => [x.id, x.color])), [grid.tracks]);
  const sessions = useMemo(() => grid.sessions.filter((s) => dayOf(s.starts_at) === day), [grid.sessions, day]);
  const columns: Column[] = useMemo(() => {
    const cols: Column[] = grid.rooms.map((r) => ({ id: r.id, name: r.name }));
    if (sessions.some((s) => s.room_id === null)) cols.push({ id: null, name: t(`${NS}.grid.noRoom`) });
    return cols;
  }, [grid.rooms, sessions, t]);
  // The day's hours: from the first session's hour to the last one's end (08:00–18:00 at least when empty).
  const midnight = dayStart(day);
  const first = Math.min(...sessions.map((s) => Date.parse(s.starts_at)), midnight + 8 * HOUR);
  const last = Math.max(...sessions.map((s) => Date.parse(s.ends_at)), midnight + 18 * HOUR);
  const from = Math.floor((first - midnight) / HOUR) * HOUR + midnight;
  const to = Math.ceil((last - midnight) / HOUR) * HOUR + midnight;
  const slots = Math.max(4, Math.round((to - from) / SLOT_MS));
  const hours = Array.from({ length: Math.round((to - from) / HOUR) }, (_, i) => from + i * HOUR);
  const colIndex = (roomId: number | null) =>
    Math.max(
      0,
      columns.findIndex((c) => c.id === roomId),
    );

  const placed = (s: ConsoleSession): Placed =>
    pending?.id === s.id ? pending : { id: s.id, start: Date.parse(s.starts_at), end: Date.parse(s.ends_at), roomId: s.room_id };
  const describe = (s: ConsoleSession, p: Placed) =>
    t(`${NS}.grid.at`, {
      title: s.title,
      from: formatTime(p.start, i18n.language),
      to: formatTime(p.end, i18n.language),
      room: columns[colIndex(p.roomId)]?.name ?? '',
    });

  // Focus stays on the moved session (its button is kept; only its place changes).
  const save = (s: ConsoleSession, p: Placed) => {
    const same = p.start === Date.parse(s.starts_at) && p.end === Date.parse(s.ends_at) && p.roomId === s.room_id;
    setPending(undefined);
    if (same) return;
    setSaid(t(`${NS}.grid.saving`, { what: describe(s, p) }));
    move.mutate(
      { id: s.id, body: { starts_at: new Date(p.start).toISOString(), ends_at: new Date(p.end).toISOString(), room_id: p.roomId } },
      {
        onSuccess: () => setSaid(t(`${NS}.grid.moved`, { what: describe(s, p) })),
        onError: (err) => {
          const msg = (err instanceof ApiError && (err.fields[0]?.message ?? err.serverMessage)) || t(`${NS}.saveFailed`);
          setSaid(msg);
          toast(msg, 'error');
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent, s: ConsoleSession) => {
    const p = placed(s);
    let next: Placed | undefined;
    if (e.key === 'ArrowUp') next = { ...p, start: p.start - SLOT_MS, end: p.end - SLOT_MS };
    else if (e.key === 'ArrowDown') next = { ...p, start: p.start + SLOT_MS, end: p.end + SLOT_MS };
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const i = colIndex(p.roomId) + (e.key === 'ArrowLeft' ? -1 : 1);
      const col = columns[i];
      if (col) next = { ...p, roomId: col.id };
      else {
        e.preventDefault();
        return;
      }
    } else if (e.key === 'Enter' && pending?.id === s.id) {
      e.preventDefault();
      save(s, pending);
      return;
    } else if (e.key === 'Escape' && pending?.id === s.id) {
      e.preventDefault();
      setPending(undefined);
      setSaid(t(`${NS}.grid.cancelled`));
      return;
    }
    if (!next) return;
    e.preventDefault();
    setPending(next);
    setSaid(t(`${NS}.grid.pending`, { what: describe(s, next) }));
  };

  const onDragStart = (e: DragEvent<HTMLButtonElement>, s: ConsoleSession) => {
    const rect = e.currentTarget.getBoundingClientRect();
    grab.current = { id: s.id, slots: Math.floor((e.clientY - rect.top) / SLOT_PX) };
    e.dataTransfer.setData('text/plain', String(s.id));
    e.dataTransfer.effectAllowed = 'move';
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    const id = grab.current?.id ?? Number(e.dataTransfer.getData('text/plain'));
    const s = sessions.find((x) => x.id === id);
    const box = area.current?.getBoundingClientRect();
    if (!s || !box) return;
    const col = columns[Math.min(columns.length - 1, Math.max(0, Math.floor(((e.clientX - box.left) / box.width) * columns.length)))];
    const slot = Math.floor((e.clientY - box.top) / SLOT_PX) - (grab.current?.slots ?? 0);
    grab.current = null;
    const duration = Date.parse(s.ends_at) - Date.parse(s.starts_at);
    const start = from + Math.max(0, slot) * SLOT_MS;
    save(s, { id: s.id, start, end: start + duration, roomId: col?.id ?? null });
  };

  const cols = columns.length || 1;
  useEffect(() => () => setPending(undefined), []);
  return (
    <>
      <p className="muted agenda-grid-help" id="agenda-grid-help">
        {t(`${NS}.grid.help`)}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      <div className="agenda-grid-scroll">
        <div className="agenda-grid" style={{ minWidth: `calc(4rem + ${cols} * 10rem)` }}>
          <div className="agenda-grid-head">
            <div className="agenda-grid-corner" />
            {columns.map((c) => (
              <div key={c.id ?? 'none'} className="agenda-grid-room agenda-break">
                {c.name}
              </div>
            ))}
          </div>
          <div className="agenda-grid-body">
            <div className="agenda-grid-times" style={{ height: slots * SLOT_PX }}>
              {hours.map((h) => (
                <span key={h} style={{ top: ((h - from) / SLOT_MS) * SLOT_PX }}>
                  {formatTime(h, i18n.language)}
                </span>
              ))}
            </div>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer's drop target; keyboard moves are the sessions' own (arrows, Enter) */}
            <div
              ref={area}
              className="agenda-grid-area-rooms"
              style={{ height: slots * SLOT_PX, backgroundSize: `calc(100% / ${cols}) ${4 * SLOT_PX}px` }}
              onDragOver={(e) => {
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
              }}
              onDrop={onDrop}
            >
              {sessions.map((s) => {
                const p = placed(s);
                const i = colIndex(p.roomId);
                const color = s.track_id ? tracks.get(s.track_id) : undefined;
                return (
                  <button
                    key={s.id}
                    type="button"
                    draggable
                    data-session-id={s.id}
                    className={`agenda-slot${pending?.id === s.id ? ' is-pending' : ''}${s.cancelled ? ' is-cancelled' : ''}${s.draft ? ' is-draft' : ''}${conflicted.has(s.id) ? ' is-conflict' : ''}`}
                    style={{
                      top: ((p.start - from) / SLOT_MS) * SLOT_PX,
                      height: Math.max(SLOT_PX, ((p.end - p.start) / SLOT_MS) * SLOT_PX - 2),
                      left: `calc(${i} * 100% / ${cols} + 2px)`,
                      width: `calc(100% / ${cols} - 4px)`,
                      borderInlineStartColor: color ?? 'var(--border)',
                    }}
                    aria-describedby="agenda-grid-help"
                    onKeyDown={(e) => onKeyDown(e, s)}
                    onBlur={() => pending?.id === s.id && setPending(undefined)}
                    onDragStart={(e) => onDragStart(e, s)}
                  >
                    <span className="agenda-slot-time">
                      {formatTime(p.start, i18n.language)}–{formatTime(p.end, i18n.language)}
                    </span>
                    <span className="agenda-slot-title">{s.title}</span>
                    {/* Its name is what it shows (WCAG 2.5.3), and the room the column's place says. */}
                    <span className="visually-hidden">, {columns[i]?.name}</span>
                    <span className="agenda-slot-badges">
                      <SessionBadges s={s} conflicted={conflicted.has(s.id)} />
                    </span>
                  </button>
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
