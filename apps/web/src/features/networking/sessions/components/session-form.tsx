import type { Session, SessionBody } from '@app/contract/schemas/networking-sessions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../../lib/use-form.ts';
import { Button } from '../../../../ui/button.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { FieldMessages, fieldMessageIds } from '../../../../ui/field-messages.tsx';
import { TextField } from '../../../../ui/text-field.tsx';
import { useOwnerSessions } from '../api/sessions-api.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const timeOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

interface Props {
  moduleId: number;
  mode: 'speed' | 'group';
  /** The session to edit; none: a new one. */
  session?: Session | undefined;
  open: boolean;
  onClose: () => void;
}

/** A labelled select or textarea with its messages (TextField is for inputs). */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (id: string, describedBy: string | undefined) => React.ReactNode;
}) {
  const id = useId();
  const { describedBy } = fieldMessageIds(id, undefined, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/** The owner's form (a dialog): plan a session or change one before it starts. */
export function SessionForm({ moduleId, mode, session, open, onClose }: Props) {
  const { t } = useTranslation();
  const { save } = useOwnerSessions(moduleId);
  const start = session ? new Date(session.starts_at * 1000) : new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 900_000);
  const form = useForm({
    initial: {
      title: session?.title ?? '',
      day: dayOf(start),
      time: timeOf(start),
      rounds: String(session?.rounds ?? 3),
      round_minutes: String(session?.round_minutes ?? 5),
      mode: (session?.mode ?? mode) as string,
      group_size: String(session?.group_size && session.group_size > 2 ? session.group_size : 4),
      topics: (session?.topics ?? []).join('\n'),
    },
    schema: () => import('@app/contract/schemas/networking-sessions').then((s) => s.sessionBody),
    body: (v): SessionBody => ({
      title: v.title,
      starts_at: Math.floor(new Date(`${v.day}T${v.time}`).getTime() / 1000) || 0,
      rounds: Number(v.rounds),
      round_minutes: Number(v.round_minutes),
      mode: v.mode === 'group' ? 'group' : 'speed',
      ...(v.mode === 'group' ? { group_size: Number(v.group_size) } : {}),
      topics: v.topics
        .split('\n')
        .map((x) => x.trim())
        .filter(Boolean),
    }),
    submit: async (body) => {
      await save.mutateAsync({ ...(session ? { id: session.id } : {}), body });
      onClose();
    },
  });
  const { values, setValue, errors } = form;
  const startError = errors.day ?? errors.time ?? (form.errors as Record<string, string | undefined>).starts_at;
  return (
    <Dialog open={open} title={t(session ? 'networking-sessions.owner.editTitle' : 'networking-sessions.owner.plan')} onClose={onClose}>
      <form ref={form.formRef} onSubmit={form.onSubmit} className="stack session-form" noValidate>
        <TextField
          label={t('networking-sessions.owner.title')}
          value={values.title}
          maxLength={100}
          required
          error={errors.title}
          onChange={(e) => setValue('title', e.target.value)}
        />
        <div className="session-form-row">
          <TextField
            label={t('networking-sessions.owner.day')}
            type="date"
            value={values.day}
            min={dayOf(new Date())}
            required
            error={startError}
            onChange={(e) => setValue('day', e.target.value)}
          />
          <TextField
            label={t('networking-sessions.owner.time')}
            type="time"
            value={values.time}
            required
            onChange={(e) => setValue('time', e.target.value)}
          />
        </div>
        <div className="session-form-row">
          <TextField
            label={t('networking-sessions.owner.rounds')}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            value={values.rounds}
            error={errors.rounds}
            onChange={(e) => setValue('rounds', e.target.value)}
          />
          <TextField
            label={t('networking-sessions.owner.minutes')}
            type="number"
            inputMode="numeric"
            min={2}
            max={30}
            value={values.round_minutes}
            error={(errors as Record<string, string | undefined>).round_minutes}
            onChange={(e) => setValue('round_minutes', e.target.value)}
          />
        </div>
        <Field label={t('networking-sessions.owner.mode')} error={errors.mode}>
          {(id, describedBy) => (
            <select id={id} aria-describedby={describedBy} value={values.mode} onChange={(e) => setValue('mode', e.target.value)}>
              <option value="speed">{t('networking-sessions.owner.modeSpeed')}</option>
              <option value="group">{t('networking-sessions.owner.modeGroup')}</option>
            </select>
          )}
        </Field>
        {values.mode === 'group' ? (
          <TextField
            label={t('networking-sessions.owner.groupSize')}
            type="number"
            inputMode="numeric"
            min={3}
            max={8}
            value={values.group_size}
            error={(errors as Record<string, string | undefined>).group_size}
            onChange={(e) => setValue('group_size', e.target.value)}
          />
        ) : null}
        <Field label={t('networking-sessions.owner.topics')} error={errors.topics}>
          {(id, describedBy) => (
            <textarea
              id={id}
              rows={4}
              aria-describedby={describedBy}
              aria-invalid={errors.topics ? true : undefined}
              value={values.topics}
              onChange={(e) => setValue('topics', e.target.value)}
            />
          )}
        </Field>
        {form.formError ? (
          <p ref={form.formErrorRef} tabIndex={-1} className="field-error" role="alert">
            {form.formError}
          </p>
        ) : null}
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('networking-sessions.owner.close')}
          </Button>
          <Button type="submit" busy={form.busy}>
            {t(session ? 'networking-sessions.owner.save' : 'networking-sessions.owner.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
