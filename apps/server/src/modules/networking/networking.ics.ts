import type { Ctx } from '../../context.ts';
import type { IcsEvent } from '../agenda/agenda.ics.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import { fullName } from '../users/users.names.ts';
import { calendarMeetings, type MeetingWithPeople } from './networking.queries.ts';

/** How far back the feed keeps meetings (calendar apps keep what they already have). */
const FEED_DAYS = 90;

/** A meeting as a calendar event: one UID per meeting, SEQUENCE its version, cancelled kept as such. */
export function meetingIcsEvent(r: MeetingWithPeople, app: Pick<AppRow, 'key'>, readerId: number, base: string): IcsEvent {
  const other = r.m.initiatorId === readerId ? r.invitee : r.initiator;
  const start = r.m.timeStart;
  return {
    uid: `networking-meeting-${r.m.id}@${app.key}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + r.m.duration * 60_000).toISOString(),
    sequence: r.m.version,
    // Only an accepted meeting is on: one moved and waiting for the invitee's answer again is not
    // (a tentative event would still sit in the day the invitee did not agree to).
    cancelled: r.m.status !== 'accepted',
    summary: `1:1 · ${fullName(other)}`,
    location: r.m.location,
    description: r.m.title,
    url: `${base}/networking/meets/index`,
  };
}

/**
 * The member's accepted 1:1 meetings (and those cancelled since) for their agenda's calendar feed
 * (`feedByToken`: the agenda module owns the feed, this module says what it adds).
 */
export async function meetingIcsEvents(ctx: Ctx, app: AppRow, userId: number, base: string): Promise<IcsEvent[]> {
  const since = new Date(Date.now() - FEED_DAYS * 86_400_000);
  const rows = await calendarMeetings(ctx.db, app.id, userId, since);
  return rows.map((r) => meetingIcsEvent(r, app, userId, base));
}
