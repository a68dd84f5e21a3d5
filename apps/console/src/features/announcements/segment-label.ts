import type { TFunction } from 'i18next';
import type { AnnouncementSegment, SegmentChoices } from './announcements-api.ts';

const NS = 'console-announcements';

/** Who an announcement goes to, in words ("Registered for “Workshop”"). */
export function segmentLabel(t: TFunction, segment: AnnouncementSegment, choices: SegmentChoices | undefined): string {
  switch (segment.kind) {
    case 'all':
      return t(`${NS}.segment.all`);
    case 'role':
      return t(`${NS}.segment.roleOf`, { role: t(`${NS}.segment.${segment.role}`) });
    case 'event': {
      const title = choices?.events.find((c) => c.id === segment.event_id)?.title;
      return title ? t(`${NS}.segment.eventOf`, { title }) : t(`${NS}.segment.event`);
    }
    case 'session': {
      const title = choices?.sessions.find((c) => c.id === segment.session_id)?.title;
      return title ? t(`${NS}.segment.sessionOf`, { title }) : t(`${NS}.segment.session`);
    }
  }
}

/** A date and time in the console's language and the browser's time zone. */
export function formatWhen(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A language's name in the console's language ("German (Germany)"), or the code. */
export function languageName(locale: string, lng: string): string {
  try {
    return new Intl.DisplayNames([lng], { type: 'language' }).of(locale.replace('_', '-')) ?? locale;
  } catch {
    return locale;
  }
}
