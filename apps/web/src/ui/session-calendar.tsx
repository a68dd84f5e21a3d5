import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMonths, dayName, initialDay, keyTarget, monthGrid, monthOf, monthParts, monthRange, todayString } from './calendar.ts';
import { Icon } from './icon.tsx';
import './session-calendar.css';

interface Props {
  /** Days that have sessions, 'YYYY-MM-DD' (local calendar days). */
  dates: string[];
  /** The chosen day (controlled), or null for none. */
  selected: string | null;
  /** A day was chosen (or null: the chosen day was clicked again). */
  onDayChange: (day: string | null) => void;
  /** The day to open on instead of the nearest session day. */
  preselected?: string | null;
  /** Accessible name of the calendar (e.g. the agenda's name). */
  label: string;
  /**
   * With nothing selected, choose the opening day (preselected, else the nearest future session
   * day, else the latest past one) once, when the dates first arrive (spec 1 §4: it "opens on" that
   * day). Default true; false only shows that day's month.
   */
  autoSelect?: boolean;
  /** How many items each day has (localDayCounts), for its accessible name. */
  counts?: ReadonlyMap<string, number>;
  /** "3 events": a day's count in the screen's words; without it a day says it "has sessions". */
  countLabel?: (count: number) => string;
}

const WEEK = 7;

/**
 * The session calendar (spec 1 §2.5, §4 "Calendar"): one month of 6 weeks starting on Monday, a dot
 * on days with sessions, today marked; months step within the range of session days. Clicking a
 * day selects it, clicking the selected day clears it. Keyboard: arrows move by day and week,
 * Home/End to the week's ends, PageUp/PageDown by month; the grid has one tab stop.
 */
export function SessionCalendar({ dates, selected, onDayChange, preselected = null, label, autoSelect = true, counts, countLabel }: Props) {
  const { t } = useTranslation();
  const today = todayString();
  const opening = useMemo(() => initialDay(dates, preselected, today), [dates, preselected, today]);
  const [month, setMonth] = useState(() => monthOf(selected ?? opening ?? today));
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  // Choose the opening day once the dates are there (they may arrive late).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !opening) return;
    opened.current = true;
    if (selected === null && autoSelect) onDayChange(opening);
    else if (selected === null) setMonth(monthOf(opening));
  }, [opening, selected, autoSelect, onDayChange]);

  // Follow a day chosen from outside (another month).
  useEffect(() => {
    if (selected) setMonth(monthOf(selected));
  }, [selected]);

  const sessionDays = useMemo(() => new Set(dates), [dates]);
  const range = useMemo(() => monthRange(dates), [dates]);
  const minMonth = range && range.first < month ? range.first : month;
  const maxMonth = range && range.last > month ? range.last : month;
  const canPrev = month > minMonth;
  const canNext = month < maxMonth;

  const grid = useMemo(() => monthGrid(month), [month]);
  const months = t('widgets.calendar.months').split('|');
  const weekdays = t('widgets.calendar.weekdaysShort').split('|');
  const { year, monthIndex } = monthParts(month);
  const monthName = months[monthIndex] ?? String(monthIndex + 1);

  // The one tab stop: the focused day if shown, else the selected day, today or the 1st of the month.
  const tabDay = [focusDay, selected, today].find((d) => d && monthOf(d) === month) ?? `${month}-01`;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${tabDay}"]`)?.focus();
  }, [tabDay]);

  // "Tuesday, 10 March 2026, 3 events": the full date in the reader's grammar, and what the day holds.
  const dayLabel = (day: string) => {
    const text = dayName(day, t);
    if (!sessionDays.has(day)) return text;
    const count = counts?.get(day);
    return `${text}, ${count && countLabel ? countLabel(count) : t('widgets.calendar.hasSessions')}`;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const from = (e.target as HTMLElement).dataset.day;
    if (!from) return;
    const next = keyTarget(from, e.key);
    if (!next) return;
    e.preventDefault();
    const nextMonth = monthOf(next);
    if (nextMonth < minMonth || nextMonth > maxMonth) return;
    moveFocus.current = true;
    setFocusDay(next);
    setMonth(nextMonth);
  };

  return (
    <div className="session-calendar">
      <div className="session-calendar-head">
        <button
          type="button"
          className="icon-btn"
          disabled={!canPrev}
          onClick={() => setMonth(addMonths(month, -1))}
          aria-label={t('widgets.calendar.previousMonth')}
        >
          <Icon name="back" size={20} />
        </button>
        <h2 className="session-calendar-title" aria-live="polite">
          {monthName} {year}
        </h2>
        <button
          type="button"
          className="icon-btn"
          disabled={!canNext}
          onClick={() => setMonth(addMonths(month, 1))}
          aria-label={t('widgets.calendar.nextMonth')}
        >
          <Icon name="next" size={20} />
        </button>
      </div>
      <table ref={gridRef} aria-label={`${label}, ${monthName} ${year}`} className="session-calendar-grid" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the weekday's place is its identity (initials may repeat).
              <th key={i} scope="col" className="session-calendar-weekday">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: grid.length / WEEK }, (_, week) => {
            const days = grid.slice(week * WEEK, week * WEEK + WEEK);
            return (
              <tr key={days[0]}>
                {days.map((day) => {
                  const isSelected = day === selected;
                  const cls = [
                    'session-calendar-day',
                    monthOf(day) === month ? '' : 'is-outside',
                    day === today ? 'is-today' : '',
                    isSelected ? 'is-selected' : '',
                    sessionDays.has(day) ? 'has-sessions' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <td key={day}>
                      <button
                        type="button"
                        className={cls}
                        data-day={day}
                        tabIndex={day === tabDay ? 0 : -1}
                        aria-pressed={isSelected}
                        aria-current={day === today ? 'date' : undefined}
                        aria-label={dayLabel(day)}
                        onFocus={() => setFocusDay(day)}
                        onClick={() => onDayChange(isSelected ? null : day)}
                      >
                        {Number(day.slice(8))}
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
