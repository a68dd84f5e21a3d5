import { MEET, MEETS_PATH, type Meeting, networkingEndpoints } from '@app/contract/schemas/networking';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, callApi } from '../lib/api.ts';
import { useAppConfig } from '../lib/app-state.ts';
import { formatTime } from '../lib/format.ts';
import { Button } from './button.tsx';
import { todayString } from './calendar.ts';
import { Dialog } from './dialog.tsx';
import { FieldMessages, fieldMessageIds } from './field-messages.tsx';
import { TextField } from './text-field.tsx';
import './meeting-dialog.css';
import { MessageField } from './message-field.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The member to meet (create) or the other party (edit). */
  invitee: { id: number; fullname: string };
  /** Editing this meeting (its initiator): on success the dialog closes. */
  meeting?: Meeting;
  /** The saved meeting, created or changed. */
  onSaved?: (m: Meeting) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The day and time of an instant in the reader's zone, as the inputs hold them. */
function localParts(epochSeconds: number) {
  const d = new Date(epochSeconds * 1000);
  return { day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}
/** Every quarter hour of a day, "HH:MM". */
const QUARTERS = Array.from({ length: 96 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);

type Errors = Partial<Record<'time_start' | 'duration' | 'location' | 'title' | '_popup', string>>;

/**
 * The meeting dialog (spec 3 §4, §5): a time slot (required; a day from today on and a quarter hour,
 * in the reader's zone, which is saved with it), a duration of 15–60 minutes, a place and a cover
 * message. Creating moves to a success tab (See all 1:1 Meets, Stay Here); editing closes. The
 * server's field errors land on their inputs; choosing a slot clears the slot's error.
 */
export function MeetingDialog({ open, onClose, invitee, meeting, onSaved }: Props) {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const initial = meeting ? localParts(meeting.time_start) : { day: '', time: '' };
  const [day, setDay] = useState(initial.day);
  const [time, setTime] = useState(initial.time);
  const [duration, setDuration] = useState<number>(meeting?.duration ?? MEET.defaultDuration);
  const [location, setLocation] = useState(meeting?.location ?? '');
  const [title, setTitle] = useState(meeting?.title ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const ids = { day: useId(), time: useId(), slot: useId() };
  const slotMessages = fieldMessageIds(ids.slot, t('networking.dialog.tzNote', { tz: zone }), errors.time_start);

  const today = todayString();
  const now = new Date();
  const nowTime = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  const pickSlot = (d: string, tm: string) => {
    setDay(d);
    setTime(d === today && tm && tm < nowTime ? '' : tm);
    // Choosing a slot clears its error (spec 3 §5).
    if (d && tm) setErrors((e) => ({ ...e, time_start: undefined }));
  };

  const close = () => {
    setSent(false);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!day || !time) {
      setErrors({ time_start: t('networking.errors.timeRequired') });
      document.getElementById(day ? ids.time : ids.day)?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    const body = {
      duration,
      time_start: Math.floor(new Date(`${day}T${time}`).getTime() / 1000),
      location: location.trim(),
      title: title.trim(),
      timezone_name: zone,
    };
    try {
      const { data } = meeting
        ? await callApi(networkingEndpoints.update, { params: { id: meeting.id }, body })
        : await callApi(networkingEndpoints.create, { body: { ...body, user_id: invitee.id } });
      onSaved?.(data);
      if (meeting) close();
      else setSent(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors({
          time_start: err.fieldMessage('time_start') ?? err.fieldMessage('timezone_name') ?? err.fieldMessage('user_id'),
          duration: err.fieldMessage('duration'),
          location: err.fieldMessage('location'),
          title: err.fieldMessage('title'),
          // A message for the whole form (the daily budget of requests).
          _popup: err.fieldMessage('_popup'),
        });
      } else if (!(err instanceof ApiError)) {
        setErrors({ title: t('common.errors.generic') });
      }
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Dialog open={open} title={t('networking.success.title')} onClose={close}>
        <div className="meeting-success stack">
          <p>{t('networking.success.text', { name: invitee.fullname })}</p>
          <div className="modal-actions">
            <Button variant="secondary" onClick={close}>
              {t('networking.success.stay')}
            </Button>
            <Link className="btn btn-primary" to={MEETS_PATH} onClick={close}>
              {t('networking.success.seeAll')}
            </Link>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} title={meeting ? t('networking.dialog.editTitle') : t('networking.dialog.title')} onClose={close}>
      <form className="stack meeting-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted meeting-with">{t('networking.dialog.with', { name: invitee.fullname })}</p>
        <fieldset className="meeting-slot" aria-describedby={slotMessages.describedBy}>
          <legend>
            {t('networking.dialog.slot')}
            <span aria-hidden="true"> *</span>
          </legend>
          <div className="meeting-slot-inputs">
            <div className="field">
              <label htmlFor={ids.day}>{t('networking.dialog.day')}</label>
              <input
                id={ids.day}
                type="date"
                min={today}
                value={day}
                required
                aria-invalid={errors.time_start ? true : undefined}
                onChange={(e) => pickSlot(e.target.value, time)}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.time}>{t('networking.dialog.time')}</label>
              <select
                id={ids.time}
                value={time}
                required
                aria-invalid={errors.time_start ? true : undefined}
                onChange={(e) => pickSlot(day, e.target.value)}
              >
                <option value="">{t('networking.dialog.chooseTime')}</option>
                {QUARTERS.map((q) => (
                  <option key={q} value={q} disabled={day === today && q < nowTime}>
                    {formatTime(new Date(`2000-01-01T${q}`), timeFormat)}
                  </option>
                ))}
                {time && !QUARTERS.includes(time) ? (
                  <option value={time}>{formatTime(new Date(`2000-01-01T${time}`), timeFormat)}</option>
                ) : null}
              </select>
            </div>
          </div>
          <FieldMessages id={ids.slot} hint={t('networking.dialog.tzNote', { tz: zone })} error={errors.time_start} />
        </fieldset>
        <fieldset className="meeting-duration">
          <legend>{t('networking.dialog.duration')}</legend>
          <div className="meeting-radios">
            {MEET.durations.map((d) => (
              <label key={d} className="meeting-radio">
                <input type="radio" name="duration" value={d} checked={duration === d} onChange={() => setDuration(d)} />
                <span>{d}</span>
              </label>
            ))}
          </div>
          {errors.duration ? (
            <p className="field-error" role="alert">
              {errors.duration}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={t('networking.dialog.location')}
          hint={t('networking.dialog.locationHint')}
          value={location}
          onChange={(e) => {
            setLocation(e.target.value);
            setErrors((x) => ({ ...x, location: undefined }));
          }}
          error={location.length > MEET.locationMax ? t('networking.errors.locationTooLong') : errors.location}
        />
        <MessageField
          label={t('networking.dialog.message')}
          hint={t('networking.dialog.messageHint')}
          value={title}
          max={MEET.titleMax}
          tooLong={t('networking.errors.titleTooLong')}
          rows={3}
          onChange={(v) => {
            setTitle(v);
            setErrors((x) => ({ ...x, title: undefined }));
          }}
          error={errors.title}
        />
        {errors._popup ? (
          <p className="field-error" role="alert">
            {errors._popup}
          </p>
        ) : null}
        <div className="modal-actions">
          <Button variant="ghost" onClick={close}>
            {t('networking.dialog.close')}
          </Button>
          <Button type="submit" busy={busy}>
            {meeting ? t('networking.dialog.save') : t('networking.dialog.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
