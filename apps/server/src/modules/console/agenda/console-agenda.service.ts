import {
  agendaGrid,
  CONSOLE_AGENDA_LIMITS,
  type ConsoleRoom,
  type ConsoleSession,
  type ConsoleSessionDetail,
  type ConsoleSpeaker,
  type ConsoleTrack,
  type RoomInput,
  type SessionMove,
  type sessionInput,
  type speakerInput,
  type TrackInput,
} from '@app/contract/schemas/console-agenda';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import { serializeBytes } from '../../../lib/json.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { defineCache } from '../../../platform/caches.ts';
import type { At } from '../../agenda/agenda.queries.ts';
import { announceSessions, dropAgendaLists } from '../../agenda/agenda.service.ts';
import { agendaRooms, agendaSessions, agendaSpeakers, agendaTracks } from '../../agenda/agenda.table.ts';
import { cached } from '../../content/content.caches.ts';
import { audit, changedOnly } from '../console.audit.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import { findConflicts } from './console-agenda.conflicts.ts';
import * as q from './console-agenda.queries.ts';

const err = (k: string) => `console-agenda.errors.${k}`;
type SessionBody = z.output<typeof sessionInput>;
type SpeakerBody = z.output<typeof speakerInput>;

/**
 * The grid's answer per module (its JSON bytes), dropped on every node by each write of this area;
 * an owner's edit from the attendee app shows here within its 10 s life.
 */
const grids = defineCache('console-agenda-grid', () => new TtlCache<Buffer>(10_000, 500));

/** The module an area call acts on: the app's (owner or operator), an agenda; else 404. */
export async function moduleAt(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<At> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const mod = await ctx.apps.module(appId, moduleId);
  if (mod?.type !== 'agenda') throw notFound();
  return { appId, moduleId };
}

/** After a write: the grid and the attendees' cached lists of the module, on every node. */
function dropCaches(ctx: Ctx, at: At) {
  ctx.bus.publish({ t: 'cache', name: grids.name, prefix: `${at.moduleId}:` });
  dropAgendaLists(ctx, at.moduleId);
}

/**
 * Loads of the grid under way, by module: concurrent misses (the entry expired under load) share
 * one load instead of each querying; a caller joins only a load started since the cache's last drop.
 */
const gridLoads = new WeakMap<object, Map<number, { epoch: number; load: Promise<Buffer> }>>();

export async function gridBytes(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<Buffer> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const cache = ctx.caches.get(grids);
  const hit = cache.get(`${at.moduleId}:`);
  if (hit) return hit;
  let loads = gridLoads.get(cache);
  if (!loads) {
    loads = new Map();
    gridLoads.set(cache, loads);
  }
  const running = loads.get(at.moduleId);
  if (running && running.epoch === cache.epoch) return running.load;
  const load = loadGrid(ctx, at).finally(() => {
    if (loads.get(at.moduleId)?.load === load) loads.delete(at.moduleId);
  });
  loads.set(at.moduleId, { epoch: cache.epoch, load });
  return load;
}

function loadGrid(ctx: Ctx, at: At): Promise<Buffer> {
  return cached(ctx, grids, `${at.moduleId}:`, async () => {
    const [tracks, rooms, speakers, sessions] = await Promise.all([
      q.tracks(ctx.db, at),
      q.rooms(ctx.db, at),
      q.speakerNames(ctx.db, at),
      q.sessions(ctx.db, at),
    ]);
    const { conflicts, count } = findConflicts(sessions, CONSOLE_AGENDA_LIMITS.conflictsMax);
    return serializeBytes(agendaGrid, {
      tracks: tracks.map(q.trackOf),
      rooms: rooms.map(q.roomOf),
      speakers,
      sessions,
      conflicts,
      conflicts_count: count,
      drafts_count: sessions.filter((s) => s.draft).length,
    });
  });
}

// ---------- tracks ----------

export async function createTrack(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, b: TrackInput): Promise<ConsoleTrack> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(agendaTracks)
      .values({
        appId,
        appModuleId: moduleId,
        name: b.name,
        color: b.color.toLowerCase(),
        position: b.position ?? (await nextPosition(tx, 'agenda_tracks', at)),
      })
      .returning();
    if (!r) throw notFound();
    await audit(tx, actor, { appId, action: 'agenda.track.create', targetType: 'agenda_track', targetId: r.id, after: q.trackOf(r) });
    return r;
  });
  dropCaches(ctx, at);
  return q.trackOf(row);
}

export async function updateTrack(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  b: TrackInput,
): Promise<ConsoleTrack> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await q.findTrack(tx, at, id);
    if (!before) throw notFound();
    const [r] = await tx
      .update(agendaTracks)
      .set({ name: b.name, color: b.color.toLowerCase(), position: b.position ?? before.position })
      .where(eq(agendaTracks.id, id))
      .returning();
    if (!r) throw notFound();
    await audit(tx, actor, {
      appId,
      action: 'agenda.track.update',
      targetType: 'agenda_track',
      targetId: id,
      ...changedOnly(q.trackOf(before), q.trackOf(r)),
    });
    return r;
  });
  dropCaches(ctx, at);
  return q.trackOf(row);
}

/** Deletes a track: its sessions stay, without a track. */
export async function deleteTrack(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, id: number) {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  await ctx.db.transaction(async (tx) => {
    const before = await q.findTrack(tx, at, id);
    if (!before) throw notFound();
    await tx.delete(agendaTracks).where(eq(agendaTracks.id, id));
    await audit(tx, actor, { appId, action: 'agenda.track.delete', targetType: 'agenda_track', targetId: id, before: q.trackOf(before) });
  });
  dropCaches(ctx, at);
  return { success: true as const };
}

// ---------- rooms ----------

async function nextPosition(tx: Db, table: 'agenda_tracks' | 'agenda_rooms', at: At): Promise<number> {
  const t = table === 'agenda_tracks' ? agendaTracks : agendaRooms;
  const [r] = await tx
    .select({ n: sql<number>`coalesce(max(${t.position}), -1)::int + 1` })
    .from(t)
    .where(and(eq(t.appId, at.appId), eq(t.appModuleId, at.moduleId)));
  return r?.n ?? 0;
}

export async function createRoom(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, b: RoomInput): Promise<ConsoleRoom> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(agendaRooms)
      .values({
        appId,
        appModuleId: moduleId,
        name: b.name,
        capacity: b.capacity,
        position: b.position ?? (await nextPosition(tx, 'agenda_rooms', at)),
      })
      .returning();
    if (!r) throw notFound();
    await audit(tx, actor, { appId, action: 'agenda.room.create', targetType: 'agenda_room', targetId: r.id, after: q.roomOf(r) });
    return r;
  });
  dropCaches(ctx, at);
  return q.roomOf(row);
}

/**
 * Sessions of a room whose place changed (renamed, or the room deleted): their `location` follows,
 * their version grows (calendars update); answered for the broadcast after the commit.
 */
async function relocate(tx: Db, roomId: number, location: string): Promise<q.SessionRow[]> {
  return tx
    .update(agendaSessions)
    .set({ location, version: sql`${agendaSessions.version} + 1`, updatedAt: new Date() })
    .where(and(eq(agendaSessions.roomId, roomId), sql`${agendaSessions.location} <> ${location}`))
    .returning();
}

const announceAll = (ctx: Ctx, at: At, rows: q.SessionRow[]) => announceSessions(ctx, at, rows, { notify: false });

export async function updateRoom(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  b: RoomInput,
): Promise<ConsoleRoom> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const { row, moved } = await ctx.db.transaction(async (tx) => {
    const before = await q.findRoom(tx, at, id);
    if (!before) throw notFound();
    const [r] = await tx
      .update(agendaRooms)
      .set({ name: b.name, capacity: b.capacity, position: b.position ?? before.position })
      .where(eq(agendaRooms.id, id))
      .returning();
    if (!r) throw notFound();
    const moved = await relocate(tx, id, r.name);
    await audit(tx, actor, {
      appId,
      action: 'agenda.room.update',
      targetType: 'agenda_room',
      targetId: id,
      ...changedOnly(q.roomOf(before), q.roomOf(r)),
    });
    return { row: r, moved };
  });
  dropCaches(ctx, at);
  await announceAll(ctx, at, moved);
  return q.roomOf(row);
}

/** Deletes a room: its sessions stay, without a room nor a place. */
export async function deleteRoom(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, id: number) {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const moved = await ctx.db.transaction(async (tx) => {
    const before = await q.findRoom(tx, at, id);
    if (!before) throw notFound();
    const moved = await relocate(tx, id, '');
    await tx.delete(agendaRooms).where(eq(agendaRooms.id, id));
    await audit(tx, actor, { appId, action: 'agenda.room.delete', targetType: 'agenda_room', targetId: id, before: q.roomOf(before) });
    return moved.map((r) => ({ ...r, roomId: null }));
  });
  dropCaches(ctx, at);
  await announceAll(ctx, at, moved);
  return { success: true as const };
}

// ---------- speakers ----------

export async function listSpeakers(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<ConsoleSpeaker[]> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  return q.speakers(ctx.db, at);
}

async function speakerValues(ctx: Ctx, appId: number, b: SpeakerBody) {
  const member = b.user_id === null ? undefined : await q.memberOf(ctx.db, appId, b.user_id);
  if (b.user_id !== null && !member) throw fieldError('user_id', err('unknownMember'));
  const bio = sanitizeRichText(b.bio, { field: 'bio' });
  return {
    values: {
      name: b.name,
      jobTitle: b.job_title,
      company: b.company,
      photoUrl: b.photo_url,
      bioHtml: bio.html,
      links: b.links.filter((l) => l.url),
      userId: b.user_id,
    },
    userName: member?.name ?? null,
  };
}

export async function createSpeaker(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  b: SpeakerBody,
): Promise<ConsoleSpeaker> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const { values, userName } = await speakerValues(ctx, appId, b);
  const out = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(agendaSpeakers)
      .values({ appId, appModuleId: moduleId, ...values })
      .returning();
    if (!r) throw notFound();
    const out = q.speakerOf(r, userName);
    await audit(tx, actor, { appId, action: 'agenda.speaker.create', targetType: 'agenda_speaker', targetId: r.id, after: out });
    return out;
  });
  dropCaches(ctx, at);
  return out;
}

export async function updateSpeaker(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  b: SpeakerBody,
): Promise<ConsoleSpeaker> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  // Another module's or app's speaker is a 404 before anything of the body is judged.
  if (!(await q.findSpeaker(ctx.db, at, id))) throw notFound();
  const { values, userName } = await speakerValues(ctx, appId, b);
  const out = await ctx.db.transaction(async (tx) => {
    const before = await q.findSpeaker(tx, at, id);
    if (!before) throw notFound();
    const [r] = await tx.update(agendaSpeakers).set(values).where(eq(agendaSpeakers.id, id)).returning();
    if (!r) throw notFound();
    const out = q.speakerOf(r, userName);
    await audit(tx, actor, {
      appId,
      action: 'agenda.speaker.update',
      targetType: 'agenda_speaker',
      targetId: id,
      ...changedOnly(q.speakerOf(before, null), { ...out, user_name: null }),
    });
    return out;
  });
  dropCaches(ctx, at);
  return out;
}

/** Deletes a speaker: their sessions stay, without them. */
export async function deleteSpeaker(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, id: number) {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  await ctx.db.transaction(async (tx) => {
    const before = await q.findSpeaker(tx, at, id);
    if (!before) throw notFound();
    await tx.delete(agendaSpeakers).where(eq(agendaSpeakers.id, id));
    await audit(tx, actor, {
      appId,
      action: 'agenda.speaker.delete',
      targetType: 'agenda_speaker',
      targetId: id,
      before: q.speakerOf(before, null),
    });
  });
  dropCaches(ctx, at);
  return { success: true as const };
}

// ---------- sessions ----------

function checkTimes(startsAt: string, endsAt: string) {
  const s = new Date(startsAt);
  const e = new Date(endsAt);
  if (e.getTime() <= s.getTime()) throw fieldError('ends_at', err('endBeforeStart'));
  return { startsAt: s, endsAt: e };
}

/** The track, room and speakers a session names must be the module's (422 otherwise). */
async function checkRefs(ctx: Ctx, at: At, b: { track_id?: number | null; room_id?: number | null; speaker_ids?: number[] }) {
  const [track, room, speakers] = await Promise.all([
    b.track_id ? q.findTrack(ctx.db, at, b.track_id) : undefined,
    b.room_id ? q.findRoom(ctx.db, at, b.room_id) : undefined,
    b.speaker_ids ? q.speakersIn(ctx.db, at, b.speaker_ids) : undefined,
  ]);
  if (b.track_id && !track) throw fieldError('track_id', err('unknownTrack'));
  if (b.room_id && !room) throw fieldError('room_id', err('unknownRoom'));
  if (b.speaker_ids?.some((id) => !speakers?.has(id))) throw fieldError('speaker_ids', err('unknownSpeaker'));
  return { room };
}

const detailOf = (r: q.SessionRow, speakerIds: number[]): ConsoleSessionDetail => ({
  ...q.sessionOf(r, speakerIds),
  description: r.descriptionHtml,
});

/** What the audit log keeps of a session. */
const snapshot = (r: q.SessionRow, speakerIds: number[]) => ({ ...q.sessionOf(r, speakerIds), location: r.location });

/** Whether an attendee's calendar or screen shows the change (time, place, cancellation). */
const movedOrCancelled = (a: q.SessionRow, b: q.SessionRow) =>
  a.startsAt.getTime() !== b.startsAt.getTime() ||
  a.endsAt.getTime() !== b.endsAt.getTime() ||
  a.location !== b.location ||
  (a.cancelledAt === null) !== (b.cancelledAt === null);

export async function getSession(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
): Promise<ConsoleSessionDetail> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const row = await q.findSession(ctx.db, at, id);
  if (!row) throw notFound();
  return detailOf(row, await q.speakerIdsOf(ctx.db, id));
}

export async function createSession(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  b: SessionBody,
): Promise<ConsoleSessionDetail> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const { startsAt, endsAt } = checkTimes(b.starts_at, b.ends_at);
  const speakerIds = [...new Set(b.speaker_ids)];
  const { room } = await checkRefs(ctx, at, { ...b, speaker_ids: speakerIds });
  const desc = sanitizeRichText(b.description, { field: 'description' });
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(agendaSessions)
      .values({
        appId,
        appModuleId: moduleId,
        title: b.title,
        descriptionHtml: desc.html,
        descriptionText: desc.text,
        startsAt,
        endsAt,
        trackId: b.track_id,
        roomId: b.room_id,
        location: room?.name ?? '',
        capacity: b.capacity,
        qaEnabled: b.qa_enabled,
        ratingEnabled: b.rating_enabled,
        draft: b.draft,
        cancelledAt: b.cancelled ? new Date() : null,
      })
      .returning();
    if (!r) throw notFound();
    await q.setSpeakers(tx, r.id, speakerIds);
    await audit(tx, actor, {
      appId,
      action: 'agenda.session.create',
      targetType: 'agenda_session',
      targetId: r.id,
      after: snapshot(r, speakerIds),
    });
    return r;
  });
  dropCaches(ctx, at);
  await announceSessions(ctx, at, [row], { notify: false });
  return detailOf(row, speakerIds);
}

/**
 * After a session's write: a published session reaches attendees' screens (members holding it hear
 * of a move or a cancellation); one made a draft again is announced as it was, so open lists refetch
 * and lose it; a draft reaches nobody.
 */
async function announceChange(ctx: Ctx, at: At, before: q.SessionRow, after: q.SessionRow) {
  dropCaches(ctx, at);
  if (after.draft && !before.draft) await announceSessions(ctx, at, [{ ...after, draft: false }], { notify: false });
  else await announceSessions(ctx, at, [after], { notify: !before.draft && !after.draft && movedOrCancelled(before, after) });
}

export async function updateSession(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  b: SessionBody,
): Promise<ConsoleSessionDetail> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  // Another module's or app's session is a 404 before anything of the body is judged.
  if (!(await q.findSession(ctx.db, at, id))) throw notFound();
  const { startsAt, endsAt } = checkTimes(b.starts_at, b.ends_at);
  const speakerIds = [...new Set(b.speaker_ids)];
  const { room } = await checkRefs(ctx, at, { ...b, speaker_ids: speakerIds });
  const desc = sanitizeRichText(b.description, { field: 'description' });
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const before = await q.findSession(tx, at, id, true);
    if (!before) throw notFound();
    const beforeSpeakers = await q.speakerIdsOf(tx, id);
    const [after] = await tx
      .update(agendaSessions)
      .set({
        title: b.title,
        descriptionHtml: desc.html,
        descriptionText: desc.text,
        startsAt,
        endsAt,
        trackId: b.track_id,
        roomId: b.room_id,
        location: room?.name ?? (b.room_id === null && before.roomId !== null ? '' : before.location),
        capacity: b.capacity,
        qaEnabled: b.qa_enabled,
        ratingEnabled: b.rating_enabled,
        draft: b.draft,
        cancelledAt: b.cancelled ? (before.cancelledAt ?? new Date()) : null,
        version: sql`${agendaSessions.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(agendaSessions.id, id))
      .returning();
    if (!after) throw notFound();
    await q.setSpeakers(tx, id, speakerIds);
    await audit(tx, actor, {
      appId,
      action: 'agenda.session.update',
      targetType: 'agenda_session',
      targetId: id,
      ...changedOnly(snapshot(before, beforeSpeakers), snapshot(after, speakerIds)),
    });
    return { before, after };
  });
  await announceChange(ctx, at, before, after);
  return detailOf(after, speakerIds);
}

/** The grid's move: another time and/or room, under the session's row lock; nothing changed bumps nothing. */
export async function moveSession(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  b: SessionMove,
): Promise<ConsoleSession> {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  if (!(await q.findSession(ctx.db, at, id))) throw notFound();
  const { startsAt, endsAt } = checkTimes(b.starts_at, b.ends_at);
  const { room } = await checkRefs(ctx, at, { room_id: b.room_id ?? null });
  const res = await ctx.db.transaction(async (tx) => {
    const before = await q.findSession(tx, at, id, true);
    if (!before) throw notFound();
    const roomId = b.room_id === undefined ? before.roomId : b.room_id;
    const location = b.room_id === undefined ? before.location : (room?.name ?? '');
    const same =
      startsAt.getTime() === before.startsAt.getTime() && endsAt.getTime() === before.endsAt.getTime() && roomId === before.roomId;
    if (same) return { before, after: before, changed: false };
    const [after] = await tx
      .update(agendaSessions)
      .set({ startsAt, endsAt, roomId, location, version: sql`${agendaSessions.version} + 1`, updatedAt: new Date() })
      .where(eq(agendaSessions.id, id))
      .returning();
    if (!after) throw notFound();
    await audit(tx, actor, {
      appId,
      action: 'agenda.session.move',
      targetType: 'agenda_session',
      targetId: id,
      before: { starts_at: before.startsAt.toISOString(), ends_at: before.endsAt.toISOString(), room_id: before.roomId },
      after: { starts_at: after.startsAt.toISOString(), ends_at: after.endsAt.toISOString(), room_id: after.roomId },
    });
    return { before, after, changed: true };
  });
  if (res.changed) await announceChange(ctx, at, res.before, res.after);
  return q.sessionOf(res.after, await q.speakerIdsOf(ctx.db, id));
}

/**
 * Deletes a session (its schedule entries, ratings and Q&A go with it). Attendees' open screens get
 * it once more as cancelled, then lose it when their lists refetch.
 */
export async function deleteSession(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, id: number) {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const before = await ctx.db.transaction(async (tx) => {
    const before = await q.findSession(tx, at, id, true);
    if (!before) throw notFound();
    const speakerIds = await q.speakerIdsOf(tx, id);
    await tx.delete(agendaSessions).where(eq(agendaSessions.id, id));
    await audit(tx, actor, {
      appId,
      action: 'agenda.session.delete',
      targetType: 'agenda_session',
      targetId: id,
      before: snapshot(before, speakerIds),
    });
    return before;
  });
  dropCaches(ctx, at);
  await announceSessions(ctx, at, [{ ...before, cancelledAt: before.cancelledAt ?? new Date(), version: before.version + 1 }], {
    notify: false,
  });
  return { success: true as const };
}

/** Publishes every draft of the module in one transaction, then attendees' screens get each. */
export async function publish(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number) {
  const at = await moduleAt(ctx, actor, appId, moduleId);
  const rows = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(agendaSessions)
      .set({ draft: false, version: sql`${agendaSessions.version} + 1`, updatedAt: new Date() })
      .where(and(eq(agendaSessions.appId, appId), eq(agendaSessions.appModuleId, moduleId), eq(agendaSessions.draft, true)))
      .returning();
    await audit(tx, actor, {
      appId,
      action: 'agenda.publish',
      targetType: 'app_module',
      targetId: moduleId,
      after: { sessions: rows.map((r) => r.id) },
    });
    return rows;
  });
  dropCaches(ctx, at);
  await announceAll(ctx, at, rows);
  return { published: rows.length };
}
