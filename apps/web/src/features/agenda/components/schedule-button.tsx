import type { AgendaSession } from '@app/contract/schemas/agenda';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/events.ts';
import { useScheduleToggle } from '../api/agenda-api.ts';

/** The star that adds a session to the reader's agenda or removes it (a toggle button). */
export function ScheduleButton({
  moduleId,
  session,
  describedBy,
  withText,
}: {
  moduleId: number;
  session: Pick<AgendaSession, 'id' | 'in_schedule' | 'cancelled'>;
  describedBy?: string;
  withText?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = useScheduleToggle(moduleId);
  const on = session.in_schedule;
  const label = on ? t('agenda.session.remove') : t('agenda.session.add');
  if (session.cancelled && !on) return null;
  return (
    <button
      type="button"
      className={`schedule-toggle${on ? ' is-on' : ''}${withText ? ' with-text btn btn-secondary' : ''}`}
      aria-pressed={on}
      aria-label={withText ? undefined : label}
      aria-describedby={describedBy}
      title={label}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate({ id: session.id, on: !on }, { onSuccess: () => toast(on ? t('agenda.session.removed') : t('agenda.session.added')) })
      }
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {withText ? <span>{label}</span> : null}
    </button>
  );
}
