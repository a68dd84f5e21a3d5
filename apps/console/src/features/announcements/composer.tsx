import { LOCALES } from '@app/contract/constants';
import { type AnnouncementInput, announcementInput, announcementRole } from '@app/contract/schemas/console-announcements';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Card, FormError, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Select, TextArea, TextField } from '../../ui/fields.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useToast } from '../../ui/toast.tsx';
import {
  type Announcement,
  type AnnouncementSegment,
  type SegmentChoices,
  useAnnouncement,
  usePreviewCount,
  useSaveAnnouncement,
  useSegmentChoices,
} from './announcements-api.ts';
import { LoadFailed } from './load-failed.tsx';
import { formatWhen, languageName } from './segment-label.ts';

const NS = 'console-announcements';
type Kind = AnnouncementSegment['kind'];
type Texts = Record<string, { title: string; body: string }>;

interface Draft {
  langs: string[];
  texts: Texts;
  kind: Kind;
  eventId: string;
  sessionId: string;
  role: string;
  when: 'now' | 'later';
  /** A `datetime-local` value (the browser's time zone). */
  sendAt: string;
}

/** `datetime-local`'s value of an instant, in the browser's time zone. */
function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function draftOf(a: Announcement | undefined, defaultLocale: string): Draft {
  const s = a?.segment;
  const langs = a ? Object.keys(a.bodies) : [defaultLocale];
  return {
    langs,
    texts: a ? { ...a.bodies } : { [defaultLocale]: { title: '', body: '' } },
    kind: s?.kind ?? 'all',
    eventId: s?.kind === 'event' ? String(s.event_id) : '',
    sessionId: s?.kind === 'session' ? String(s.session_id) : '',
    role: s?.kind === 'role' ? s.role : 'members',
    when: a?.send_at && a.status === 'scheduled' ? 'later' : 'now',
    sendAt: a?.send_at ? localInput(a.send_at) : '',
  };
}

/** The segment the picker describes, or undefined while it misses its event or session. */
function segmentOf(d: Draft): AnnouncementSegment | undefined {
  switch (d.kind) {
    case 'all':
      return { kind: 'all' };
    case 'event':
      return d.eventId ? { kind: 'event', event_id: Number(d.eventId) } : undefined;
    case 'session':
      return d.sessionId ? { kind: 'session', session_id: Number(d.sessionId) } : undefined;
    case 'role':
      return { kind: 'role', role: announcementRole.parse(d.role) };
  }
}

/** The request body; `schedule` adds the time (a draft has none). */
function bodyOf(d: Draft, schedule: boolean): unknown {
  const at = schedule && d.sendAt ? new Date(d.sendAt) : undefined;
  return {
    bodies: Object.fromEntries(d.langs.map((l) => [l, d.texts[l] ?? { title: '', body: '' }])),
    segment: segmentOf(d) ?? (d.kind === 'event' ? { kind: 'event', event_id: Number.NaN } : { kind: 'session', session_id: Number.NaN }),
    send_at: schedule ? (at && !Number.isNaN(at.getTime()) ? at.toISOString() : '') : null,
  };
}

/** The composer of one announcement (`id`) or a new one: it waits for the announcement and the picker's choices. */
export function Composer({ appId, id, onClose }: { appId: number; id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const one = useAnnouncement(appId, id);
  const choices = useSegmentChoices(appId);
  const failed = (id !== undefined && one.isError && one.error) || (choices.isError && choices.error);
  const back = (
    <Button className="announce-back" onClick={onClose}>
      ← {t(`${NS}.back`)}
    </Button>
  );
  if (failed) {
    return (
      <>
        {back}
        {failed instanceof ApiError && failed.status === 404 ? (
          <Card>
            <p>{t(`${NS}.compose.notFound`)}</p>
          </Card>
        ) : (
          <LoadFailed error={failed} onRetry={() => void Promise.all([one.refetch(), choices.refetch()])} />
        )}
      </>
    );
  }
  if (!choices.data || (id !== undefined && !one.data)) return <p className="muted">{t('console.common.loading')}</p>;
  return <ComposerForm appId={appId} announcement={one.data} choices={choices.data} onClose={onClose} back={back} />;
}

function ComposerForm({
  appId,
  announcement,
  choices,
  onClose,
  back,
}: {
  appId: number;
  announcement: Announcement | undefined;
  choices: SegmentChoices;
  onClose: () => void;
  back: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useSaveAnnouncement(appId);
  const [d, setD] = useState<Draft>(() => draftOf(announcement, choices.default_locale));
  const [tab, setTab] = useState(d.langs[0] ?? choices.default_locale);
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<{ send: boolean; body: AnnouncementInput } | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const ids = useId();
  const editable = !announcement || announcement.status === 'draft' || announcement.status === 'scheduled';
  const segment = segmentOf(d);
  const count = usePreviewCount(appId, segment);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const lname = (l: string) => languageName(l, i18n.language);

  const update = (patch: Partial<Draft>, clear: string[] = []) => {
    setD((x) => ({ ...x, ...patch }));
    if (clear.some((c) => errors[c])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))));
  };
  const setText = (lang: string, field: 'title' | 'body', value: string) =>
    update({ texts: { ...d.texts, [lang]: { title: '', body: '', ...d.texts[lang], [field]: value } } }, [
      `bodies.${lang}.${field}`,
      'bodies',
    ]);

  /** Shows field messages; a language with one becomes the open tab; focus goes to the first. */
  function show(found: Record<string, string>) {
    const fields: Record<string, string> = {};
    let other: string | undefined;
    for (const [field, message] of Object.entries(found)) {
      if (field === 'bodies' || field.startsWith('bodies.') || field.startsWith('segment') || field === 'send_at') fields[field] = message;
      else other ??= message;
    }
    setErrors(fields);
    setFormError(other);
    const lang = Object.keys(fields)
      .map((f) => /^bodies\.([a-z]{2}_[A-Z]{2})\./.exec(f)?.[1])
      .find(Boolean);
    if (lang) setTab(lang);
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid ?? formErrorRef.current)?.focus();
    });
  }

  /** Checks with the contract's schema; a valid body goes on (saved, or confirmed first). */
  function validate(schedule: boolean): AnnouncementInput | undefined {
    const parsed = announcementInput.safeParse(bodyOf(d, schedule));
    if (parsed.success) return parsed.data;
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.') || '_popup';
      // A missing event or session is one message on the picker.
      const field = path.startsWith('segment')
        ? d.kind === 'event'
          ? 'segment.event_id'
          : d.kind === 'session'
            ? 'segment.session_id'
            : 'segment'
        : path;
      found[field] ??= t(issue.message);
    }
    show(found);
    return undefined;
  }

  async function run(body: AnnouncementInput, send: boolean) {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ id: announcement?.id, body, send });
      if (send) toast(t(`${NS}.compose.sending`, { count: count.data ?? saved.recipients }));
      else if (saved.status === 'scheduled' && saved.send_at)
        toast(t(`${NS}.compose.scheduled`, { when: formatWhen(saved.send_at, i18n.language) }));
      else toast(t(`${NS}.compose.saved`));
      onClose();
    } catch (err) {
      setConfirm(undefined);
      if (err instanceof ApiError && err.fields.length > 0) show(Object.fromEntries(err.fields.map((f) => [f.field, f.message])));
      else {
        setFormError((err instanceof ApiError && err.serverMessage) || t('console.errors.generic'));
        requestAnimationFrame(() => formErrorRef.current?.focus());
      }
    }
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const schedule = d.when === 'later';
    const body = validate(schedule);
    if (body) setConfirm({ send: !schedule, body });
  };
  const saveDraft = () => {
    const body = validate(false);
    if (body) void run(body, false);
  };

  const unused = LOCALES.filter((l) => !d.langs.includes(l));
  const text = d.texts[tab] ?? { title: '', body: '' };
  const title = announcement ? (editable ? t(`${NS}.compose.editTitle`) : t(`${NS}.compose.viewTitle`)) : t(`${NS}.compose.newTitle`);

  return (
    <>
      {back}
      <PageHeader title={title}>
        {announcement?.status === 'sent' && announcement.sent_at && (
          <p>{t(`${NS}.compose.sentOn`, { when: formatWhen(announcement.sent_at, i18n.language), count: announcement.recipients })}</p>
        )}
        {!editable && announcement?.status !== 'sent' && <p>{t(`${NS}.compose.readOnly`)}</p>}
      </PageHeader>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="announce-form">
        <fieldset disabled={!editable || save.isPending} className="announce-fieldset">
          <Card title={t(`${NS}.compose.languages`)}>
            <p className="field-hint">{t(`${NS}.compose.languageHint`)}</p>
            {errors.bodies && (
              <p className="field-error" id={`${ids}-bodies`}>
                {errors.bodies}
              </p>
            )}
            <Tabs
              label={t(`${NS}.compose.languages`)}
              selected={tab}
              onSelect={setTab}
              tabs={d.langs.map((l) => ({
                id: l,
                label: (
                  <>
                    {l === choices.default_locale ? t(`${NS}.compose.defaultLanguage`, { language: lname(l) }) : lname(l)}
                    {(errors[`bodies.${l}.title`] || errors[`bodies.${l}.body`]) && (
                      <span className="announce-tab-error" aria-hidden="true">
                        {' '}
                        !
                      </span>
                    )}
                  </>
                ),
              }))}
            >
              <div lang={tab.replace('_', '-')}>
                <TextField
                  label={t(`${NS}.compose.titleField`)}
                  hint={t(`${NS}.compose.titleHint`)}
                  value={text.title}
                  maxLength={140}
                  onChange={(e) => setText(tab, 'title', e.target.value)}
                  error={errors[`bodies.${tab}.title`]}
                />
                <TextArea
                  label={t(`${NS}.compose.bodyField`)}
                  hint={t(`${NS}.compose.bodyHint`)}
                  value={text.body}
                  maxLength={2000}
                  rows={6}
                  onChange={(e) => setText(tab, 'body', e.target.value)}
                  error={errors[`bodies.${tab}.body`]}
                />
              </div>
              {editable && d.langs.length > 1 && (
                <Button
                  variant="danger"
                  onClick={() => {
                    const langs = d.langs.filter((l) => l !== tab);
                    const texts = { ...d.texts };
                    delete texts[tab];
                    update({ langs, texts });
                    setTab(langs[0] ?? choices.default_locale);
                  }}
                >
                  {t(`${NS}.compose.removeLanguage`, { language: lname(tab) })}
                </Button>
              )}
            </Tabs>
            {editable && unused.length > 0 && (
              <div className="announce-add-lang">
                <Select
                  label={t(`${NS}.compose.addLanguage`)}
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                  options={[
                    { value: '', label: t(`${NS}.segment.choose`) },
                    ...unused.map((l) => ({ value: l, label: lname(l) })).sort((a, b) => a.label.localeCompare(b.label)),
                  ]}
                />
                <Button
                  disabled={!adding}
                  onClick={() => {
                    update({ langs: [...d.langs, adding], texts: { ...d.texts, [adding]: { title: '', body: '' } } }, ['bodies']);
                    setTab(adding);
                    setAdding('');
                  }}
                >
                  {t(`${NS}.compose.add`)}
                </Button>
              </div>
            )}
          </Card>

          <Card title={t(`${NS}.segment.label`)}>
            <div className="announce-segment">
              <Select
                label={t(`${NS}.segment.group`)}
                value={d.kind}
                onChange={(e) => update({ kind: e.target.value as Kind }, ['segment', 'segment.event_id', 'segment.session_id'])}
                options={(['all', 'event', 'session', 'role'] as const).map((k) => ({ value: k, label: t(`${NS}.segment.${k}`) }))}
                error={errors.segment}
              />
              {d.kind === 'event' &&
                (choices.events.length === 0 ? (
                  <p className="muted">{t(`${NS}.segment.noEvents`)}</p>
                ) : (
                  <Select
                    label={t(`${NS}.segment.eventPick`)}
                    value={d.eventId}
                    onChange={(e) => update({ eventId: e.target.value }, ['segment.event_id'])}
                    options={[
                      { value: '', label: t(`${NS}.segment.choose`) },
                      ...choices.events.map((c) => ({
                        value: String(c.id),
                        label: `${c.title} · ${formatWhen(c.starts_at, i18n.language)}`,
                      })),
                    ]}
                    error={errors['segment.event_id']}
                  />
                ))}
              {d.kind === 'session' &&
                (choices.sessions.length === 0 ? (
                  <p className="muted">{t(`${NS}.segment.noSessions`)}</p>
                ) : (
                  <Select
                    label={t(`${NS}.segment.sessionPick`)}
                    value={d.sessionId}
                    onChange={(e) => update({ sessionId: e.target.value }, ['segment.session_id'])}
                    options={[
                      { value: '', label: t(`${NS}.segment.choose`) },
                      ...choices.sessions.map((c) => ({
                        value: String(c.id),
                        label: `${c.title} · ${formatWhen(c.starts_at, i18n.language)}`,
                      })),
                    ]}
                    error={errors['segment.session_id']}
                  />
                ))}
              {d.kind === 'role' && (
                <Select
                  label={t(`${NS}.segment.rolePick`)}
                  value={d.role}
                  onChange={(e) => update({ role: e.target.value })}
                  options={announcementRole.options.map((r) => ({ value: r, label: t(`${NS}.segment.${r}`) }))}
                />
              )}
            </div>
            <p className="announce-reach" aria-live="polite">
              {segment === undefined ? '' : count.data === undefined ? t(`${NS}.reachCounting`) : t(`${NS}.reach`, { count: count.data })}
            </p>
          </Card>

          {editable && (
            <Card title={t(`${NS}.compose.when`)}>
              <fieldset className="announce-when">
                <legend className="visually-hidden">{t(`${NS}.compose.when`)}</legend>
                {(['now', 'later'] as const).map((w) => (
                  <label className="announce-radio" key={w}>
                    <input type="radio" name="when" value={w} checked={d.when === w} onChange={() => update({ when: w }, ['send_at'])} />
                    {t(`${NS}.compose.${w}`)}
                  </label>
                ))}
              </fieldset>
              {d.when === 'later' && (
                <TextField
                  label={t(`${NS}.compose.sendAt`)}
                  hint={t(`${NS}.compose.sendAtHint`, { zone })}
                  type="datetime-local"
                  value={d.sendAt}
                  onChange={(e) => update({ sendAt: e.target.value }, ['send_at'])}
                  error={errors.send_at}
                />
              )}
            </Card>
          )}

          <FormError message={formError} focusRef={formErrorRef} />
          {editable && (
            <div className="announce-buttons">
              <Button onClick={saveDraft} busy={save.isPending && !confirm}>
                {t(`${NS}.compose.saveDraft`)}
              </Button>
              <Button type="submit" variant="primary">
                {d.when === 'later' ? t(`${NS}.compose.schedule`) : t(`${NS}.compose.sendNow`)}
              </Button>
            </div>
          )}
        </fieldset>
      </form>
      <ConfirmDialog
        open={confirm !== undefined}
        title={confirm?.send ? t(`${NS}.compose.confirmSendTitle`) : t(`${NS}.compose.confirmScheduleTitle`)}
        confirmLabel={confirm?.send ? t(`${NS}.compose.confirmSend`) : t(`${NS}.compose.confirmSchedule`)}
        busy={save.isPending}
        onCancel={() => setConfirm(undefined)}
        onConfirm={() => confirm && void run(confirm.body, confirm.send)}
      >
        <p>
          {confirm?.send
            ? t(`${NS}.compose.confirmSendBody`, { count: count.data ?? 0 })
            : t(`${NS}.compose.confirmScheduleBody`, {
                when: confirm?.body.send_at ? formatWhen(confirm.body.send_at, i18n.language) : '',
                count: count.data ?? 0,
              })}
        </p>
      </ConfirmDialog>
    </>
  );
}
