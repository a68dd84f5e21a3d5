import { consoleMembersEndpoints } from '@app/contract/schemas/console-members';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api.ts';
import { Card } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ColorField, Select, TextField } from '../../ui/fields.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { useToast } from '../../ui/toast.tsx';
import {
  type AgendaGrid,
  type ConsoleRoom,
  type ConsoleSpeaker,
  type ConsoleTrack,
  useRemove,
  useSave,
  useSpeakers,
} from './agenda-api.ts';
import { useErrorsOf } from './agenda-errors.ts';

const NS = 'console-agenda';
type Props = { appId: number; moduleId: number };

/** "Delete X?" for one row of a list: the dialog and the way to open it. */
export function useConfirmDelete<Row extends { id: number; name?: string; title?: string }>(
  appId: number,
  moduleId: number,
  kind: 'sessions' | 'tracks' | 'rooms' | 'speakerCrud',
  what: string,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useRemove(appId, moduleId, kind);
  const [row, setRow] = useState<Row | undefined>();
  const name = row?.name ?? row?.title ?? '';
  const dialog = (
    <ConfirmDialog
      open={row !== undefined}
      destructive
      title={t(`${NS}.delete.title`, { name })}
      confirmLabel={t(`${NS}.delete.confirm`)}
      busy={remove.isPending}
      onCancel={() => setRow(undefined)}
      onConfirm={() =>
        row &&
        remove.mutate(row.id, {
          onSuccess: () => {
            setRow(undefined);
            toast(t(`${NS}.delete.done`, { name }));
          },
          onError: () => {
            setRow(undefined);
            toast(t(`${NS}.saveFailed`), 'error');
          },
        })
      }
    >
      <p>{t(`${NS}.delete.${what}`)}</p>
    </ConfirmDialog>
  );
  return { ask: setRow, dialog };
}

function RowActions({ onEdit, onDelete, name }: { onEdit: () => void; onDelete: () => void; name: string }) {
  const { t } = useTranslation();
  return (
    <span className="agenda-row-actions">
      <Button onClick={onEdit} aria-label={t(`${NS}.editNamed`, { name })}>
        {t(`${NS}.edit`)}
      </Button>
      <Button variant="danger" onClick={onDelete} aria-label={t(`${NS}.deleteNamed`, { name })}>
        {t(`${NS}.delete.button`)}
      </Button>
    </span>
  );
}

/** A form card of the lists: title, fields, Save and Cancel, a message for the whole form. */
export function FormCard({
  title,
  onSubmit,
  onCancel,
  busy,
  formError,
  children,
}: {
  title: string;
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  formError?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Card title={title} className="agenda-form">
      <form onSubmit={submit} noValidate>
        {children}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="agenda-form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            {t(`${NS}.save`)}
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            {t('console.common.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

// ---------- tracks ----------

export function TracksTab({ appId, moduleId, grid }: Props & { grid: AgendaGrid }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ConsoleTrack | 'new' | undefined>();
  const del = useConfirmDelete<ConsoleTrack>(appId, moduleId, 'tracks', 'track');
  return (
    <>
      <div className="agenda-toolbar">
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t(`${NS}.tracks.new`)}
        </Button>
      </div>
      {editing && (
        <TrackForm
          key={editing === 'new' ? 'new' : editing.id}
          appId={appId}
          moduleId={moduleId}
          track={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      <DataTable
        caption={t(`${NS}.tabs.tracks`)}
        rows={grid.tracks}
        rowKey={(r) => r.id}
        empty={t(`${NS}.tracks.empty`)}
        columns={[
          {
            id: 'name',
            header: t(`${NS}.fields.name`),
            cell: (r) => (
              <span className="agenda-track-name">
                <span className="agenda-swatch" style={{ background: r.color }} aria-hidden="true" />
                {r.name}
              </span>
            ),
          },
          { id: 'color', header: t(`${NS}.fields.color`), cell: (r) => <code>{r.color}</code> },
          {
            id: 'sessions',
            header: t(`${NS}.tabs.sessions`),
            numeric: true,
            cell: (r) => grid.sessions.filter((s) => s.track_id === r.id).length,
          },
        ]}
        rowActions={(r) => <RowActions name={r.name} onEdit={() => setEditing(r)} onDelete={() => del.ask(r)} />}
      />
      {del.dialog}
    </>
  );
}

function TrackForm({ appId, moduleId, track, onDone }: Props & { track: ConsoleTrack | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSave(appId, moduleId, 'tracks');
  const errorsOf = useErrorsOf();
  const [name, setName] = useState(track?.name ?? '');
  const [color, setColor] = useState(track?.color ?? '#1f5fbf');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <FormCard
      title={track ? t(`${NS}.tracks.edit`) : t(`${NS}.tracks.new`)}
      busy={save.isPending}
      formError={errors._form}
      onCancel={onDone}
      onSubmit={() =>
        save.mutate(
          { id: track?.id, body: { name, color } },
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
      <TextField
        label={t(`${NS}.fields.name`)}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        required
        autoFocus
      />
      <ColorField label={t(`${NS}.fields.color`)} value={color} onChange={setColor} error={errors.color} />
    </FormCard>
  );
}

// ---------- rooms ----------

export function RoomsTab({ appId, moduleId, grid }: Props & { grid: AgendaGrid }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ConsoleRoom | 'new' | undefined>();
  const del = useConfirmDelete<ConsoleRoom>(appId, moduleId, 'rooms', 'room');
  return (
    <>
      <div className="agenda-toolbar">
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t(`${NS}.rooms.new`)}
        </Button>
      </div>
      {editing && (
        <RoomForm
          key={editing === 'new' ? 'new' : editing.id}
          appId={appId}
          moduleId={moduleId}
          room={editing === 'new' ? undefined : editing}
          next={grid.rooms.length}
          onDone={() => setEditing(undefined)}
        />
      )}
      <DataTable
        caption={t(`${NS}.tabs.rooms`)}
        rows={grid.rooms}
        rowKey={(r) => r.id}
        empty={t(`${NS}.rooms.empty`)}
        columns={[
          { id: 'order', header: t(`${NS}.fields.order`), numeric: true, cell: (r) => r.position },
          { id: 'name', header: t(`${NS}.fields.name`), cell: (r) => <span className="agenda-break">{r.name}</span> },
          { id: 'capacity', header: t(`${NS}.fields.capacity`), numeric: true, cell: (r) => r.capacity ?? '—' },
        ]}
        rowActions={(r) => <RowActions name={r.name} onEdit={() => setEditing(r)} onDelete={() => del.ask(r)} />}
      />
      {del.dialog}
    </>
  );
}

function RoomForm({ appId, moduleId, room, next, onDone }: Props & { room: ConsoleRoom | undefined; next: number; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSave(appId, moduleId, 'rooms');
  const errorsOf = useErrorsOf();
  const [name, setName] = useState(room?.name ?? '');
  const [capacity, setCapacity] = useState(room?.capacity === null || room === undefined ? '' : String(room.capacity));
  const [position, setPosition] = useState(String(room?.position ?? next));
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <FormCard
      title={room ? t(`${NS}.rooms.edit`) : t(`${NS}.rooms.new`)}
      busy={save.isPending}
      formError={errors._form}
      onCancel={onDone}
      onSubmit={() =>
        save.mutate(
          {
            id: room?.id,
            body: { name, capacity: capacity.trim() === '' ? null : Number(capacity), position: Number(position) || 0 },
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
      <TextField
        label={t(`${NS}.fields.name`)}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        required
        autoFocus
      />
      <TextField
        label={t(`${NS}.fields.capacity`)}
        hint={t(`${NS}.fields.capacityHint`)}
        type="number"
        inputMode="numeric"
        min={0}
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
        error={errors.capacity}
      />
      <TextField
        label={t(`${NS}.fields.order`)}
        type="number"
        inputMode="numeric"
        min={0}
        value={position}
        onChange={(e) => setPosition(e.target.value)}
        error={errors.position}
      />
    </FormCard>
  );
}

// ---------- speakers ----------

export function SpeakersTab({ appId, moduleId }: Props) {
  const { t } = useTranslation();
  const list = useSpeakers(appId, moduleId);
  const [editing, setEditing] = useState<ConsoleSpeaker | 'new' | undefined>();
  const del = useConfirmDelete<ConsoleSpeaker>(appId, moduleId, 'speakerCrud', 'speaker');
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <div className="agenda-toolbar">
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t(`${NS}.speakers.new`)}
        </Button>
      </div>
      {editing && (
        <SpeakerForm
          key={editing === 'new' ? 'new' : editing.id}
          appId={appId}
          moduleId={moduleId}
          speaker={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      <DataTable
        caption={t(`${NS}.tabs.speakers`)}
        loading={list.isPending}
        rows={list.data}
        rowKey={(r) => r.id}
        empty={t(`${NS}.speakers.empty`)}
        columns={[
          {
            id: 'name',
            header: t(`${NS}.fields.name`),
            cell: (r) => (
              <span className="agenda-speaker-cell">
                {r.photo_url && <img src={r.photo_url} alt="" width={32} height={32} />}
                <span className="agenda-break">
                  {r.name}
                  {(r.job_title || r.company) && <span className="muted"> · {[r.job_title, r.company].filter(Boolean).join(', ')}</span>}
                </span>
              </span>
            ),
          },
          { id: 'member', header: t(`${NS}.fields.member`), cell: (r) => r.user_name ?? <span className="muted">—</span> },
        ]}
        rowActions={(r) => <RowActions name={r.name} onEdit={() => setEditing(r)} onDelete={() => del.ask(r)} />}
      />
      {del.dialog}
    </>
  );
}

/** The app's members matching a search (the first page), to link a speaker to their account. */
function useMemberChoices(appId: number, q: string) {
  return useQuery({
    queryKey: ['console', 'agenda', appId, 'members', q],
    queryFn: ({ signal }) =>
      callApi(
        consoleMembersEndpoints.list,
        { params: { app_id: appId }, query: { page: 1, 'per-page': 20, ...(q ? { q } : {}) } },
        { signal },
      ).then((r) => r.data),
    staleTime: 30_000,
  });
}

function SpeakerForm({ appId, moduleId, speaker, onDone }: Props & { speaker: ConsoleSpeaker | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSave(appId, moduleId, 'speakerCrud');
  const errorsOf = useErrorsOf();
  const [v, setV] = useState({
    name: speaker?.name ?? '',
    job_title: speaker?.job_title ?? '',
    company: speaker?.company ?? '',
    photo_url: speaker?.photo_url ?? '',
    bio: speaker?.bio ?? '',
  });
  const [links, setLinks] = useState(speaker?.links.length ? speaker.links : [{ label: '', url: '' }]);
  const [userId, setUserId] = useState(speaker?.user_id ? String(speaker.user_id) : '');
  const [search, setSearch] = useState('');
  const members = useMemberChoices(appId, search.trim());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const memberOptions = [
    { value: '', label: t(`${NS}.fields.noMember`) },
    ...(speaker?.user_id && speaker.user_name ? [{ value: String(speaker.user_id), label: speaker.user_name }] : []),
    ...(members.data ?? []).filter((m) => m.id !== speaker?.user_id).map((m) => ({ value: String(m.id), label: `${m.name} (${m.email})` })),
  ];
  return (
    <FormCard
      title={speaker ? t(`${NS}.speakers.edit`) : t(`${NS}.speakers.new`)}
      busy={save.isPending}
      formError={errors._form}
      onCancel={onDone}
      onSubmit={() =>
        save.mutate(
          {
            id: speaker?.id,
            body: {
              ...v,
              photo_url: v.photo_url.trim() || null,
              links: links.filter((l) => l.url.trim() !== ''),
              user_id: userId ? Number(userId) : null,
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
      <TextField label={t(`${NS}.fields.name`)} value={v.name} onChange={set('name')} error={errors.name} required autoFocus />
      <div className="agenda-form-row">
        <TextField label={t(`${NS}.fields.jobTitle`)} value={v.job_title} onChange={set('job_title')} error={errors.job_title} />
        <TextField label={t(`${NS}.fields.company`)} value={v.company} onChange={set('company')} error={errors.company} />
      </div>
      <TextField
        label={t(`${NS}.fields.photo`)}
        hint={t(`${NS}.fields.photoHint`)}
        type="url"
        value={v.photo_url}
        onChange={set('photo_url')}
        error={errors.photo_url}
      />
      <RichTextField label={t(`${NS}.fields.bio`)} value={v.bio} onChange={(bio) => setV((x) => ({ ...x, bio }))} error={errors.bio} />
      <fieldset className="agenda-fieldset">
        <legend>{t(`${NS}.fields.links`)}</legend>
        {links.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
          <div className="agenda-form-row" key={i}>
            <TextField
              label={t(`${NS}.fields.linkLabel`, { n: i + 1 })}
              value={l.label}
              onChange={(e) => setLinks((ls) => ls.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
              error={errors[`links.${i}.label`]}
            />
            <TextField
              label={t(`${NS}.fields.linkUrl`, { n: i + 1 })}
              type="url"
              value={l.url}
              onChange={(e) => setLinks((ls) => ls.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
              error={errors[`links.${i}.url`]}
            />
            <Button onClick={() => setLinks((ls) => ls.filter((_, j) => j !== i))} aria-label={t(`${NS}.fields.removeLink`, { n: i + 1 })}>
              ×
            </Button>
          </div>
        ))}
        <Button onClick={() => setLinks((ls) => [...ls, { label: '', url: '' }])} disabled={links.length >= 20}>
          {t(`${NS}.fields.addLink`)}
        </Button>
      </fieldset>
      <div className="agenda-form-row">
        <TextField label={t(`${NS}.fields.memberSearch`)} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Select
          label={t(`${NS}.fields.member`)}
          hint={t(`${NS}.fields.memberHint`)}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          options={memberOptions}
          error={errors.user_id}
        />
      </div>
    </FormCard>
  );
}
