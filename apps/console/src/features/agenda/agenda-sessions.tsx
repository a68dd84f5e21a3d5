import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Checkbox, Select, TextField } from '../../ui/fields.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type AgendaGrid, type ConsoleSession, type ConsoleSessionDetail, useSave, useSessionDetail } from './agenda-api.ts';
import { useErrorsOf } from './agenda-errors.ts';
import { FormCard, useConfirmDelete } from './agenda-lists.tsx';
import { formatWhen, fromLocalInput, toLocalInput } from './agenda-time.ts';

const NS = 'console-agenda';
type Props = { appId: number; moduleId: number; grid: AgendaGrid };

/** Sessions in conflict (a room or a speaker booked twice), by id. */
export function conflictedIds(grid: AgendaGrid): Set<number> {
  return new Set(grid.conflicts.flatMap((c) => c.session_ids));
}

export function SessionBadges({ s, conflicted }: { s: ConsoleSession; conflicted: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {s.draft && <Badge>{t(`${NS}.status.draft`)}</Badge>}
      {s.cancelled && <Badge tone="danger">{t(`${NS}.status.cancelled`)}</Badge>}
      {conflicted && <Badge tone="warning">{t(`${NS}.status.conflict`)}</Badge>}
    </>
  );
}

export function SessionsTab({ appId, moduleId, grid }: Props) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const del = useConfirmDelete<ConsoleSession>(appId, moduleId, 'sessions', 'session');
  const rooms = useMemo(() => new Map(grid.rooms.map((r) => [r.id, r.name])), [grid.rooms]);
  const tracks = useMemo(() => new Map(grid.tracks.map((r) => [r.id, r])), [grid.tracks]);
  const speakers = useMemo(() => new Map(grid.speakers.map((r) => [r.id, r.name])), [grid.speakers]);
  const conflicted = useMemo(() => conflictedIds(grid), [grid]);
  if (editing !== undefined)
    return (
      <SessionEditor
        key={editing}
        appId={appId}
        moduleId={moduleId}
        grid={grid}
        id={editing === 'new' ? undefined : editing}
        onDone={() => setEditing(undefined)}
      />
    );
  return (
    <>
      <div className="agenda-toolbar">
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t(`${NS}.sessions.new`)}
        </Button>
      </div>
      <DataTable
        caption={t(`${NS}.tabs.sessions`)}
        rows={grid.sessions}
        rowKey={(s) => s.id}
        empty={t(`${NS}.sessions.empty`)}
        columns={[
          {
            id: 'title',
            header: t(`${NS}.fields.title`),
            cell: (s) => (
              <span className="agenda-break">
                {s.title} <SessionBadges s={s} conflicted={conflicted.has(s.id)} />
                {s.speaker_ids.length > 0 && (
                  <span className="muted agenda-block">{s.speaker_ids.map((id) => speakers.get(id) ?? '').join(', ')}</span>
                )}
              </span>
            ),
          },
          {
            id: 'when',
            header: t(`${NS}.fields.when`),
            cell: (s) => <time dateTime={s.starts_at}>{formatWhen(s.starts_at, i18n.language)}</time>,
          },
          { id: 'room', header: t(`${NS}.fields.room`), cell: (s) => (s.room_id ? rooms.get(s.room_id) : '—') },
          {
            id: 'track',
            header: t(`${NS}.fields.track`),
            cell: (s) => {
              const tr = s.track_id ? tracks.get(s.track_id) : undefined;
              return tr ? (
                <span className="agenda-track-name">
                  <span className="agenda-swatch" style={{ background: tr.color }} aria-hidden="true" />
                  {tr.name}
                </span>
              ) : (
                '—'
              );
            },
          },
        ]}
        rowActions={(s) => (
          <span className="agenda-row-actions">
            <Button onClick={() => setEditing(s.id)} aria-label={t(`${NS}.editNamed`, { name: s.title })}>
              {t(`${NS}.edit`)}
            </Button>
            <Button variant="danger" onClick={() => del.ask(s)} aria-label={t(`${NS}.deleteNamed`, { name: s.title })}>
              {t(`${NS}.delete.button`)}
            </Button>
          </span>
        )}
      />
      {del.dialog}
    </>
  );
}

function SessionEditor({ appId, moduleId, grid, id, onDone }: Props & { id: number | undefined; onDone: () => void }) {
  const detail = useSessionDetail(appId, moduleId, id);
  if (id !== undefined && detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (id !== undefined && !detail.data) return null;
  return <SessionForm appId={appId} moduleId={moduleId} grid={grid} session={detail.data} onDone={onDone} />;
}

/** A new session starts at the next full hour, for an hour. */
function nextHour(): { start: string; end: string } {
  const d = new Date();
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return { start: d.toISOString(), end: new Date(d.getTime() + 3_600_000).toISOString() };
}

function SessionForm({
  appId,
  moduleId,
  grid,
  session,
  onDone,
}: Props & { session: ConsoleSessionDetail | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSave(appId, moduleId, 'sessions');
  const errorsOf = useErrorsOf();
  const fresh = nextHour();
  const [v, setV] = useState({
    title: session?.title ?? '',
    description: session?.description ?? '',
    starts: toLocalInput(session?.starts_at ?? fresh.start),
    ends: toLocalInput(session?.ends_at ?? fresh.end),
    track: session?.track_id ? String(session.track_id) : '',
    room: session?.room_id ? String(session.room_id) : '',
    capacity: session?.capacity === null || session === undefined ? '' : String(session.capacity),
  });
  const [flags, setFlags] = useState({
    qa_enabled: session?.qa_enabled ?? true,
    rating_enabled: session?.rating_enabled ?? true,
    draft: session?.draft ?? true,
    cancelled: session?.cancelled ?? false,
  });
  const [speakerIds, setSpeakerIds] = useState<number[]>(session?.speaker_ids ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const flag = (k: keyof typeof flags) => (e: { target: { checked: boolean } }) => setFlags((x) => ({ ...x, [k]: e.target.checked }));
  return (
    <FormCard
      title={session ? t(`${NS}.sessions.edit`) : t(`${NS}.sessions.new`)}
      busy={save.isPending}
      formError={errors._form}
      onCancel={onDone}
      onSubmit={() =>
        save.mutate(
          {
            id: session?.id,
            body: {
              title: v.title,
              description: v.description,
              starts_at: fromLocalInput(v.starts),
              ends_at: fromLocalInput(v.ends),
              track_id: v.track ? Number(v.track) : null,
              room_id: v.room ? Number(v.room) : null,
              speaker_ids: speakerIds,
              capacity: v.capacity.trim() === '' ? null : Number(v.capacity),
              ...flags,
            },
          },
          {
            onSuccess: () => {
              toast(t(`${NS}.saved`));
              onDone();
            },
            onError: (err) => setErrors(errorsOf(err)),
          },
        )
      }
    >
      <TextField label={t(`${NS}.fields.title`)} value={v.title} onChange={set('title')} error={errors.title} required autoFocus />
      <RichTextField
        label={t(`${NS}.fields.description`)}
        value={v.description}
        onChange={(description) => setV((x) => ({ ...x, description }))}
        error={errors.description}
      />
      <div className="agenda-form-row">
        <TextField
          label={t(`${NS}.fields.starts`)}
          type="datetime-local"
          value={v.starts}
          onChange={set('starts')}
          error={errors.starts_at}
          required
        />
        <TextField
          label={t(`${NS}.fields.ends`)}
          type="datetime-local"
          value={v.ends}
          onChange={set('ends')}
          error={errors.ends_at}
          required
        />
      </div>
      <div className="agenda-form-row">
        <Select
          label={t(`${NS}.fields.track`)}
          value={v.track}
          onChange={set('track')}
          error={errors.track_id}
          options={[{ value: '', label: t(`${NS}.fields.none`) }, ...grid.tracks.map((x) => ({ value: String(x.id), label: x.name }))]}
        />
        <Select
          label={t(`${NS}.fields.room`)}
          value={v.room}
          onChange={set('room')}
          error={errors.room_id}
          options={[{ value: '', label: t(`${NS}.fields.none`) }, ...grid.rooms.map((x) => ({ value: String(x.id), label: x.name }))]}
        />
        <TextField
          label={t(`${NS}.fields.capacity`)}
          hint={t(`${NS}.fields.capacityHint`)}
          type="number"
          inputMode="numeric"
          min={0}
          value={v.capacity}
          onChange={set('capacity')}
          error={errors.capacity}
        />
      </div>
      <fieldset className="agenda-fieldset" aria-describedby={errors.speaker_ids ? 'session-speakers-error' : undefined}>
        <legend>{t(`${NS}.fields.speakers`)}</legend>
        {grid.speakers.length === 0 && <p className="muted">{t(`${NS}.speakers.empty`)}</p>}
        <div className="agenda-checks">
          {grid.speakers.map((sp) => (
            <Checkbox
              key={sp.id}
              label={sp.name}
              checked={speakerIds.includes(sp.id)}
              onChange={(e) => setSpeakerIds((ids) => (e.target.checked ? [...ids, sp.id] : ids.filter((x) => x !== sp.id)))}
            />
          ))}
        </div>
        {errors.speaker_ids && (
          <p className="field-error" id="session-speakers-error">
            {errors.speaker_ids}
          </p>
        )}
      </fieldset>
      <div className="agenda-checks">
        <Checkbox label={t(`${NS}.fields.qa`)} checked={flags.qa_enabled} onChange={flag('qa_enabled')} />
        <Checkbox label={t(`${NS}.fields.rating`)} checked={flags.rating_enabled} onChange={flag('rating_enabled')} />
        <Checkbox label={t(`${NS}.fields.draft`)} hint={t(`${NS}.fields.draftHint`)} checked={flags.draft} onChange={flag('draft')} />
        <Checkbox label={t(`${NS}.fields.cancelled`)} checked={flags.cancelled} onChange={flag('cancelled')} />
      </div>
    </FormCard>
  );
}
