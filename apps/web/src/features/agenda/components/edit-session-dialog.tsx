import type { SessionDetail } from '@app/contract/schemas/agenda';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { agendaCalls, patchSessionEverywhere, sessionKey } from '../api/agenda-api.ts';
import { toLocalInput } from '../schedule.ts';

/** The app owner moves, relocates or cancels a session; every attendee's screen and calendar follow. */
export function EditSessionDialog({
  moduleId,
  session,
  open,
  onClose,
}: {
  moduleId: number;
  session: SessionDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [start, setStart] = useState(toLocalInput(session.starts_at));
  const [end, setEnd] = useState(toLocalInput(session.ends_at));
  const [room, setRoom] = useState(session.location);
  const [cancelled, setCancelled] = useState(session.cancelled);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    // Only what changed goes: another owner's change to another field is kept.
    const body: { starts_at?: string; ends_at?: string; location?: string; cancelled?: boolean } = {};
    const instant = (value: string) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null);
    const startsAt = instant(start);
    const endsAt = instant(end);
    if (!startsAt || !endsAt) {
      setErrors({
        starts_at: startsAt ? undefined : t('common.errors.required'),
        ends_at: endsAt ? undefined : t('common.errors.required'),
      });
      setBusy(false);
      return;
    }
    if (start !== toLocalInput(session.starts_at)) body.starts_at = startsAt;
    if (end !== toLocalInput(session.ends_at)) body.ends_at = endsAt;
    if (room !== session.location) body.location = room;
    if (cancelled !== session.cancelled) body.cancelled = cancelled;
    try {
      const { data } = await agendaCalls.patch(moduleId, session.id, body);
      qc.setQueryData(sessionKey(moduleId, session.id), data);
      patchSessionEverywhere(qc, moduleId, data);
      toast(t('agenda.edit.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setErrors({
          starts_at: err.fieldMessage('starts_at'),
          ends_at: err.fieldMessage('ends_at'),
          location: err.fieldMessage('location'),
        });
      else toast(t('common.errors.generic'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={t('agenda.edit.title')} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('agenda.edit.start')}
          type="datetime-local"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          error={errors.starts_at}
          required
        />
        <TextField
          label={t('agenda.edit.end')}
          type="datetime-local"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          error={errors.ends_at}
          required
        />
        <TextField
          label={t('agenda.edit.room')}
          value={room}
          maxLength={200}
          onChange={(e) => setRoom(e.target.value)}
          error={errors.location}
        />
        <label className="check">
          <input type="checkbox" checked={cancelled} onChange={(e) => setCancelled(e.target.checked)} />
          <span>{t('agenda.edit.cancel')}</span>
        </label>
        <div className="modal-actions">
          <Button variant="ghost" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('agenda.edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
