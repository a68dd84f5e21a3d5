import type { ConsoleEvent, ConsoleEventInput } from '@app/contract/schemas/console-events';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Badge, Card, FormError, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextField } from '../../ui/fields.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEvent, useEventState, useMemberSearch, useSaveEvent } from './events-api.ts';
import { NS } from './events-page.tsx';
import { RegistrationsPanel } from './registrations-panel.tsx';

interface Section {
  /** Saved sections and speakers keep their id: edited in place. */
  id?: number | undefined;
  title: string;
  body: string;
}
interface Speaker {
  id?: number | undefined;
  name: string;
  job_title: string;
  company: string;
  photo_url: string;
  bio: string;
  user_id: string;
  user_label: string;
}

/** The form's values: all text, as the inputs hold them. */
interface Form {
  title: string;
  description: string;
  image_url: string;
  time_zone: string;
  starts_at: string;
  ends_at: string;
  location: string;
  map_url: string;
  online_location: string;
  online_url: string;
  join_link_template: string;
  capacity: string;
  registration_opens_at: string;
  registration_closes_at: string;
  external_registration_url: string;
  guest_label: string;
  sections: Section[];
  speakers: Speaker[];
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => {
  try {
    return (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
};

function emptyForm(): Form {
  return {
    title: '',
    description: '',
    image_url: '',
    time_zone: browserZone(),
    starts_at: '',
    ends_at: '',
    location: '',
    map_url: '',
    online_location: '',
    online_url: '',
    join_link_template: '',
    capacity: '',
    registration_opens_at: '',
    registration_closes_at: '',
    external_registration_url: '',
    guest_label: '',
    sections: [],
    speakers: [],
  };
}

function toForm(e: ConsoleEvent): Form {
  return {
    title: e.title,
    description: e.description,
    image_url: e.image_url ?? '',
    time_zone: e.time_zone,
    starts_at: e.starts_at,
    ends_at: e.ends_at,
    location: e.location,
    map_url: e.map_url ?? '',
    online_location: e.online_location ?? '',
    online_url: e.online_url ?? '',
    join_link_template: e.join_link_template ?? '',
    capacity: e.capacity === null ? '' : String(e.capacity),
    registration_opens_at: e.registration_opens_at ?? '',
    registration_closes_at: e.registration_closes_at ?? '',
    external_registration_url: e.external_registration_url ?? '',
    guest_label: e.guest_label ?? '',
    sections: e.sections.map((s) => ({ id: s.id, title: s.title, body: s.body })),
    speakers: e.speakers.map((s) => ({
      id: s.id,
      name: s.name,
      job_title: s.job_title,
      company: s.company,
      photo_url: s.photo_url ?? '',
      bio: s.bio,
      user_id: s.user_id === null ? '' : String(s.user_id),
      user_label: s.user_label ?? '',
    })),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

function toInput(f: Form): ConsoleEventInput {
  const capacity = f.capacity.trim() === '' ? null : Number(f.capacity);
  return {
    title: f.title,
    description: f.description,
    image_url: orNull(f.image_url),
    time_zone: f.time_zone,
    starts_at: f.starts_at,
    ends_at: f.ends_at,
    location: f.location,
    map_url: orNull(f.map_url),
    online_location: orNull(f.online_location),
    online_url: orNull(f.online_url),
    join_link_template: orNull(f.join_link_template),
    capacity: capacity !== null && Number.isFinite(capacity) ? capacity : null,
    registration_opens_at: orNull(f.registration_opens_at),
    registration_closes_at: orNull(f.registration_closes_at),
    external_registration_url: orNull(f.external_registration_url),
    guest_label: orNull(f.guest_label),
    sections: f.sections.map((s) => ({ ...(s.id === undefined ? {} : { id: s.id }), title: s.title, body: s.body })),
    speakers: f.speakers.map((s) => ({
      ...(s.id === undefined ? {} : { id: s.id }),
      name: s.name,
      job_title: s.job_title,
      company: s.company,
      photo_url: orNull(s.photo_url),
      bio: s.bio,
      user_id: s.user_id.trim() === '' ? null : Number(s.user_id),
    })),
  };
}

/** An event's page: its details form, and (once saved) its registrations, state and actions. */
export function EventEditor(props: {
  appId: number;
  moduleId: number;
  id: number | undefined;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const loaded = useEvent(props.appId, props.id);
  const [tab, setTab] = useState('details');
  if (props.id !== undefined && loaded.isError) return <LoadError error={loaded.error} onRetry={() => void loaded.refetch()} />;
  if (props.id !== undefined && !loaded.data) return <p className="muted">{t('console.common.loading')}</p>;
  const ev = loaded.data;
  const back = <Button onClick={props.onClose}>{t(`${NS}.back`)}</Button>;
  if (!ev) {
    return (
      <>
        <PageHeader title={t(`${NS}.new`)} actions={back} />
        <EventForm {...props} initial={emptyForm()} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={<span className="events-wrap">{ev.title}</span>} actions={back}>
        <p className="events-badges">
          {ev.cancelled_at ? <Badge tone="danger">{t(`${NS}.state.cancelled`)}</Badge> : null}
          {ev.registration_closed ? <Badge tone="warning">{t(`${NS}.state.closed`)}</Badge> : null}
        </p>
      </PageHeader>
      <StateActions appId={props.appId} ev={ev} />
      <Tabs
        label={t(`${NS}.tabs.label`)}
        tabs={[
          { id: 'details', label: t(`${NS}.tabs.details`) },
          { id: 'registrations', label: t(`${NS}.tabs.registrations`, { n: ev.registrations_count }) },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'details' ? <EventForm {...props} initial={toForm(ev)} /> : <RegistrationsPanel appId={props.appId} ev={ev} />}
      </Tabs>
    </>
  );
}

/** Cancel / un-cancel the event, close / reopen registration (cancelling asks first). */
function StateActions({ appId, ev }: { appId: number; ev: ConsoleEvent }) {
  const { t } = useTranslation();
  const toast = useToast();
  const state = useEventState(appId);
  const [asking, setAsking] = useState(false);
  const run = (body: { cancelled?: boolean; registration_closed?: boolean }, done: string) =>
    state.mutate(
      { id: ev.id, ...body },
      {
        onSuccess: () => toast(t(`${NS}.toast.${done}`)),
        onError: () => toast(t('console.errors.generic'), 'error'),
        onSettled: () => setAsking(false),
      },
    );
  return (
    <div className="events-state">
      {ev.registration_closed ? (
        <Button busy={state.isPending} onClick={() => run({ registration_closed: false }, 'reopened')}>
          {t(`${NS}.actions.reopen`)}
        </Button>
      ) : (
        <Button busy={state.isPending} onClick={() => run({ registration_closed: true }, 'closed')}>
          {t(`${NS}.actions.close`)}
        </Button>
      )}
      {ev.cancelled_at ? (
        <Button busy={state.isPending} onClick={() => run({ cancelled: false }, 'uncancelled')}>
          {t(`${NS}.actions.uncancel`)}
        </Button>
      ) : (
        <Button variant="danger" onClick={() => setAsking(true)}>
          {t(`${NS}.actions.cancel`)}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        destructive
        title={t(`${NS}.confirm.cancelTitle`)}
        confirmLabel={t(`${NS}.actions.cancel`)}
        busy={state.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => run({ cancelled: true }, 'cancelled')}
      >
        <p className="events-wrap">{t(`${NS}.confirm.cancelBody`, { title: ev.title, n: ev.registrations_count })}</p>
      </ConfirmDialog>
    </div>
  );
}

function EventForm({
  appId,
  moduleId,
  id,
  initial,
  onSaved,
}: {
  appId: number;
  moduleId: number;
  id: number | undefined;
  initial: Form;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveEvent(appId);
  const [f, setF] = useState<Form>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((p) => ({ ...p, [k]: v }));
  const field = (k: keyof Form & string, type = 'text', extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(`${NS}.fields.${k}`)}
      type={type}
      value={f[k] as string}
      onChange={(e) => set(k, e.target.value as never)}
      error={errors[k]}
      {...extra}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(undefined);
    save.mutate(
      { id, moduleId, body: toInput(f) },
      {
        onSuccess: (saved) => {
          toast(t(`${NS}.toast.saved`));
          if (id === undefined) onSaved(saved.id);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) {
            const next: Record<string, string> = {};
            for (const fe of err.fields) next[fe.field] ??= fe.message;
            setErrors(next);
            const known = Object.keys(next).filter((k) => k in f || k.startsWith('sections.') || k.startsWith('speakers.'));
            if (known.length < Object.keys(next).length) setFormError(Object.entries(next).find(([k]) => !known.includes(k))?.[1]);
            else setFormError(t(`${NS}.form.fix`));
            setTimeout(() => formErrorRef.current?.focus(), 0);
          } else toast(t('console.errors.generic'), 'error');
        },
      },
    );
  };
  const zoneList = zones();
  const move = <T,>(xs: T[], i: number, d: number): T[] => {
    const j = i + d;
    if (j < 0 || j >= xs.length) return xs;
    const out = [...xs];
    [out[i], out[j]] = [out[j] as T, out[i] as T];
    return out;
  };
  return (
    <form className="events-form" onSubmit={submit} noValidate>
      <FormError message={formError} focusRef={formErrorRef} />
      <Card title={t(`${NS}.form.about`)}>
        {field('title', 'text', { required: true, maxLength: 200 })}
        <RichTextField
          label={t(`${NS}.fields.description`)}
          value={f.description}
          onChange={(v) => set('description', v)}
          error={errors.description}
        />
        {field('image_url', 'url', { hint: t(`${NS}.hints.image_url`) })}
        {field('guest_label')}
      </Card>
      <Card title={t(`${NS}.form.when`)}>
        <TextField
          label={t(`${NS}.fields.time_zone`)}
          value={f.time_zone}
          list="events-zones"
          onChange={(e) => set('time_zone', e.target.value)}
          error={errors.time_zone}
          hint={t(`${NS}.hints.time_zone`)}
        />
        <datalist id="events-zones">
          {zoneList.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <div className="events-row">
          {field('starts_at', 'datetime-local', { required: true })}
          {field('ends_at', 'datetime-local', { required: true })}
        </div>
      </Card>
      <Card title={t(`${NS}.form.where`)}>
        {field('location')}
        {field('map_url', 'url')}
        {field('online_location')}
        {field('online_url', 'url')}
        {field('join_link_template', 'text', { hint: t(`${NS}.hints.join_link_template`) })}
      </Card>
      <Card title={t(`${NS}.form.registration`)}>
        {field('capacity', 'number', { min: 1, inputMode: 'numeric', hint: t(`${NS}.hints.capacity`) })}
        <div className="events-row">
          {field('registration_opens_at', 'datetime-local')}
          {field('registration_closes_at', 'datetime-local')}
        </div>
        {field('external_registration_url', 'url')}
      </Card>
      <Card
        title={t(`${NS}.form.sections`)}
        actions={<Button onClick={() => set('sections', [...f.sections, { title: '', body: '' }])}>{t(`${NS}.form.addSection`)}</Button>}
      >
        {f.sections.length === 0 ? <p className="muted">{t(`${NS}.form.noSections`)}</p> : null}
        <ol className="events-parts">
          {f.sections.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no ids before saving; moves re-render them.
            <li key={i} className="events-part">
              <TextField
                label={t(`${NS}.fields.sectionTitle`, { n: i + 1 })}
                value={s.title}
                onChange={(e) =>
                  set(
                    'sections',
                    f.sections.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)),
                  )
                }
                error={errors[`sections.${i}.title`]}
              />
              <RichTextField
                label={t(`${NS}.fields.sectionBody`, { n: i + 1 })}
                value={s.body}
                onChange={(v) =>
                  set(
                    'sections',
                    f.sections.map((x, j) => (j === i ? { ...x, body: v } : x)),
                  )
                }
                error={errors[`sections.${i}.body`]}
              />
              <div className="events-part-actions">
                <Button onClick={() => set('sections', move(f.sections, i, -1))} disabled={i === 0}>
                  {t(`${NS}.form.up`)}
                </Button>
                <Button onClick={() => set('sections', move(f.sections, i, 1))} disabled={i === f.sections.length - 1}>
                  {t(`${NS}.form.down`)}
                </Button>
                <Button
                  variant="danger"
                  onClick={() =>
                    set(
                      'sections',
                      f.sections.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t(`${NS}.form.remove`)}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      </Card>
      <Card
        title={t(`${NS}.form.speakers`)}
        actions={
          <Button
            onClick={() =>
              set('speakers', [
                ...f.speakers,
                { name: '', job_title: '', company: '', photo_url: '', bio: '', user_id: '', user_label: '' },
              ])
            }
          >
            {t(`${NS}.form.addSpeaker`)}
          </Button>
        }
      >
        {f.speakers.length === 0 ? <p className="muted">{t(`${NS}.form.noSpeakers`)}</p> : null}
        <ol className="events-parts">
          {f.speakers.map((s, i) => {
            const edit = (k: keyof Speaker, v: string) =>
              set(
                'speakers',
                f.speakers.map((x, j) => (j === i ? { ...x, [k]: v } : x)),
              );
            const sf = (k: keyof Speaker, type = 'text') => (
              <TextField
                label={t(`${NS}.fields.speaker.${k}`)}
                type={type}
                value={s[k]}
                onChange={(e) => edit(k, e.target.value)}
                error={errors[`speakers.${i}.${k}`]}
              />
            );
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no ids before saving.
              <li key={i} className="events-part">
                {sf('name')}
                <div className="events-row">
                  {sf('job_title')}
                  {sf('company')}
                </div>
                {sf('photo_url', 'url')}
                <RichTextField
                  label={t(`${NS}.fields.speaker.bio`)}
                  value={s.bio}
                  onChange={(v) => edit('bio', v)}
                  error={errors[`speakers.${i}.bio`]}
                />
                <MemberPicker
                  appId={appId}
                  userId={s.user_id}
                  userLabel={s.user_label}
                  error={errors[`speakers.${i}.user_id`]}
                  onChange={(m) =>
                    set(
                      'speakers',
                      f.speakers.map((x, j) => (j === i ? { ...x, user_id: m ? String(m.id) : '', user_label: m?.label ?? '' } : x)),
                    )
                  }
                />
                <div className="events-part-actions">
                  <Button onClick={() => set('speakers', move(f.speakers, i, -1))} disabled={i === 0}>
                    {t(`${NS}.form.up`)}
                  </Button>
                  <Button onClick={() => set('speakers', move(f.speakers, i, 1))} disabled={i === f.speakers.length - 1}>
                    {t(`${NS}.form.down`)}
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() =>
                      set(
                        'speakers',
                        f.speakers.filter((_, j) => j !== i),
                      )
                    }
                  >
                    {t(`${NS}.form.remove`)}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      </Card>
      <div className="events-submit">
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t(id === undefined ? `${NS}.form.create` : `${NS}.form.save`)}
        </Button>
      </div>
    </form>
  );
}

/** The member behind a speaker (optional): searched by name or address among the app's members. */
function MemberPicker({
  appId,
  userId,
  userLabel,
  error,
  onChange,
}: {
  appId: number;
  userId: string;
  userLabel: string;
  error: string | undefined;
  onChange: (m: { id: number; label: string } | null) => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useMemberSearch(appId, userId ? '' : q);
  if (userId) {
    return (
      <div className="field">
        <span className="field-label">{t(`${NS}.fields.speaker.member`)}</span>
        <p className="events-member events-wrap">
          <span>{userLabel || `#${userId}`}</span>
          <Button onClick={() => onChange(null)}>{t(`${NS}.form.unlink`)}</Button>
        </p>
        {error ? <p className="field-error">{error}</p> : null}
      </div>
    );
  }
  return (
    <div>
      <TextField
        label={t(`${NS}.fields.speaker.member`)}
        type="search"
        value={q}
        hint={t(`${NS}.hints.member`)}
        error={error}
        onChange={(e) => setQ(e.target.value)}
      />
      {q.trim().length >= 2 && found.data ? (
        found.data.length === 0 ? (
          <p className="muted">{t(`${NS}.form.noMatch`)}</p>
        ) : (
          <ul className="events-matches">
            {found.data.map((m) => (
              <li key={m.id} className="events-member events-wrap">
                <span>
                  {m.name} · {m.email}
                </span>
                <Button
                  aria-label={`${t(`${NS}.form.link`)}: ${m.name} (${m.email})`}
                  onClick={() => {
                    onChange({ id: m.id, label: `${m.name} <${m.email}>` });
                    setQ('');
                  }}
                >
                  {t(`${NS}.form.link`)}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
