import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/app-state.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { localDay } from '../../../ui/calendar.ts';
import { durationText, minutesBetween } from '../rules.ts';

/**
 * Date, time range and duration of an event in the app's time format and the reader's time zone:
 * "12 Mar 2030, 13:00 – 16:30 (3 h 30 min)"; an event over several days shows both dates.
 */
export function useWhen() {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  return (e: { starts_at: string; ends_at: string }) => {
    const start = new Date(e.starts_at);
    const end = new Date(e.ends_at);
    const endText =
      localDay(start) === localDay(end) ? formatTime(end, timeFormat) : `${formatDate(end, t)}, ${formatTime(end, timeFormat)}`;
    return {
      date: formatDate(start, t),
      range: `${formatTime(start, timeFormat)} – ${endText}`,
      duration: durationText(minutesBetween(e.starts_at, e.ends_at), t),
    };
  };
}
