import { type Locale, toLocale } from '@app/contract/constants';
import { MEET, type Meeting, type MeetingChange, type MeetUser } from '@app/contract/schemas/networking';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, forbidden, isUniqueViolation, notFound, ValidationError } from '../../lib/errors.ts';
import { addBubbles, clearBubbles } from '../../platform/bubbles.ts';
import type { AfterErase, ErasedMember } from '../../platform/module.ts';
import type { Scope } from '../../platform/scope.ts';
import { notifyMeeting } from '../settings/settings.notify.ts';
import { fullName } from '../users/users.names.ts';
import { afterScoreChange, awardPoints } from './networking.points.ts';
import { isParty, mayAnswer, mayCancel, mayEdit } from './networking.policy.ts';
import {
  cancelOpenMeetings,
  findMeeting,
  insertMeeting,
  lockMeeting,
  lockMembers,
  type MeetingWithPeople,
  type MeetPerson,
  memberMeetings,
  overlapping,
  requestsSentSince,
  updateMeeting,
  waitingRequestBetween,
} from './networking.queries.ts';

const DAY_MS = 86_400_000;

/** A slot may start this far in the past (the form was open a little while). */
const PAST_GRACE_MS = 5 * 60_000;

/** A party as the reader sees them (a deleted account is "Deleted user" in the reader's language). */
const toUser = (p: MeetPerson, locale: Locale): MeetUser => ({
  id: p.id,
  fullname: fullName(p, locale),
  avatar: p.avatarUrl,
  job_title: p.jobTitle,
  company: p.company,
});

export function toMeeting(r: MeetingWithPeople, locale: Locale): Meeting {
  const start = Math.floor(r.m.timeStart.getTime() / 1000);
  return {
    id: r.m.id,
    status: r.m.status,
    time_start: start,
    time_end: start + r.m.duration * 60,
    duration: r.m.duration,
    location: r.m.location,
    title: r.m.title,
    timezone_name: r.m.timezoneName,
    initiator: toUser(r.initiator, locale),
    invitee: toUser(r.invitee, locale),
    cancelled_by: r.m.cancelledBy,
    moved: r.m.status === 'pending' && r.m.acceptedAt !== null,
    version: r.m.version,
    created_at: r.m.createdAt.toISOString(),
    updated_at: r.m.updatedAt.toISOString(),
  };
}

/**
 * The app's networking module: meetings belong to the app (the spec's paths carry no module id),
 * and live only where the app has a networking hub in its menu (404 otherwise). Its id keys the
 * menu bubble of requests waiting for an answer.
 */
async function networkingModule(ctx: Ctx, scope: Scope) {
  const mod = (await ctx.apps.menu(scope.tenant.id)).find((m) => m.type === 'networking');
  if (!mod) throw notFound();
  return mod;
}

/** One of my meetings; another's (or another app's) is a 404: it does not exist for me. */
async function myMeeting(ctx: Ctx, scope: Scope, id: number) {
  const found = await findMeeting(ctx.db, scope.tenant.id, id);
  if (!found || !isParty(found.m, scope.user.id)) throw notFound();
  return found;
}

export async function listMeetings(ctx: Ctx, scope: Scope): Promise<Meeting[]> {
  await networkingModule(ctx, scope);
  const rows = await memberMeetings(ctx.db, scope.tenant.id, scope.user.id, MEET.listMax);
  return rows.map((r) => toMeeting(r, scope.locale));
}

export async function getMeeting(ctx: Ctx, scope: Scope, id: number): Promise<Meeting> {
  await networkingModule(ctx, scope);
  return toMeeting(await myMeeting(ctx, scope, id), scope.locale);
}

type SlotInput = { duration: number; time_start: number; location: string; title: string; timezone_name: string };

/** The slot as instants; a start in the past is a field error (the zod schema cannot know the clock). */
function slotOf(input: SlotInput) {
  const start = new Date(input.time_start * 1000);
  if (start.getTime() < Date.now() - PAST_GRACE_MS) throw fieldError('time_start', 'networking.errors.timeInPast');
  return { start, end: new Date(start.getTime() + input.duration * 60_000) };
}

/** A slot's columns as stored. */
const slotColumns = (input: SlotInput, slot: { start: Date }) => ({
  timeStart: slot.start,
  duration: input.duration,
  location: input.location,
  title: input.title,
  timezoneName: input.timezone_name,
});

/** Both members' accepted meetings must leave the slot free (checked under both members' row locks). */
async function checkFree(
  tx: Db,
  appId: number,
  who: { me: number; other: number },
  slot: { start: Date; end: Date },
  except = 0,
  field = 'time_start',
) {
  if (await overlapping(tx, appId, [who.me], slot.start, slot.end, except)) throw fieldError(field, 'networking.errors.overlapMine');
  if (await overlapping(tx, appId, [who.other], slot.start, slot.end, except)) throw fieldError(field, 'networking.errors.overlapTheirs');
}

/**
 * After a committed change: both parties' screens (their `user:` rooms), the invitee's bubble of
 * requests to answer, and the other party's push and in-app notice.
 */
async function tell(
  ctx: Ctx,
  at: { appId: number; by: number; locale: Locale },
  modId: number,
  r: MeetingWithPeople,
  what: MeetingChange,
  quiet = false,
) {
  // One payload for both rooms: the other party can only be someone not deleted (the actor).
  const meeting = toMeeting(r, at.locale);
  ctx.io?.to([`user:${r.m.initiatorId}`, `user:${r.m.inviteeId}`]).emit('networkingMeeting', { meeting, what, by: at.by });
  if (r.m.status === 'pending') await addBubbles(ctx, at.appId, modId, r.m.id, [r.m.inviteeId]);
  else await clearBubbles(ctx, at.appId, modId, r.m.inviteeId, [r.m.id]);
  // A change the other person need not act on (a new cover message): live on their screen, no push.
  if (quiet) return meeting;
  const to = r.m.initiatorId === at.by ? r.m.inviteeId : r.m.initiatorId;
  const me = r.m.initiatorId === at.by ? r.initiator : r.invitee;
  notifyMeeting(ctx, at.appId, at.by, to, what, {
    id: r.m.id,
    by: fullName(me),
    timeStart: r.m.timeStart,
    timezoneName: r.m.timezoneName,
    location: r.m.location,
  });
  return meeting;
}

/** Reads the meeting back after its transaction (with both parties) and tells everyone. */
async function afterWrite(ctx: Ctx, scope: Scope, modId: number, id: number, what: MeetingChange, quiet = false) {
  const found = await findMeeting(ctx.db, scope.tenant.id, id);
  if (!found) throw notFound();
  return tell(ctx, { appId: scope.tenant.id, by: scope.user.id, locale: scope.locale }, modId, found, what, quiet);
}

/**
 * An account erased (the manifest's onAccountErased, in the erasing transaction): its waiting and
 * accepted meetings still to come are cancelled (`cancelOpenMeetings`); after the commit the other
 * parties are told as for any cancel (live list, bubble gone, push and in-app notice), the erased
 * member as the actor. The meetings stay: they are the other party's too.
 */
export async function meetingsErasedWithAccount(tx: Db, member: ErasedMember): Promise<AfterErase | undefined> {
  const ids = await cancelOpenMeetings(tx, member.appId, member.userId);
  if (ids.length === 0) return undefined;
  return (ctx) => meetingsCancelledWithAccount(ctx, member.appId, member.userId, ids);
}

async function meetingsCancelledWithAccount(ctx: Ctx, appId: number, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const mod = (await ctx.apps.menu(appId)).find((m) => m.type === 'networking');
  if (!mod) return;
  const at = { appId, by: userId, locale: toLocale(ctx.apps.getNow(appId)?.locale) };
  for (const id of ids) {
    const found = await findMeeting(ctx.db, appId, id);
    if (found) await tell(ctx, at, mod.id, found, 'cancelled');
  }
}

/** POST /meet: asks another member of the app for a slot. */
export async function createMeeting(ctx: Ctx, scope: Scope, input: SlotInput & { user_id: number }): Promise<Meeting> {
  const mod = await networkingModule(ctx, scope);
  const me = scope.user.id;
  if (input.user_id === me) throw fieldError('user_id', 'networking.errors.notYourself');
  const slot = slotOf(input);
  const appId = scope.tenant.id;
  const id = await ctx.db
    .transaction(async (tx) => {
      // Both rows locked: two requests of one member (or between the same two) are checked one after the other.
      const found = await lockMembers(tx, appId, [me, input.user_id]);
      // Another app's member, or an account deleted or never confirmed: not someone to meet here.
      if (!found.includes(input.user_id)) throw notFound();
      if (await waitingRequestBetween(tx, appId, me, input.user_id)) throw fieldError('user_id', 'networking.errors.alreadyWaiting');
      if ((await requestsSentSince(tx, appId, me, new Date(Date.now() - DAY_MS))) >= MEET.requestsPerDay)
        throw new ValidationError([{ field: '_popup', message: 'networking.errors.tooManyRequests', vars: { max: MEET.requestsPerDay } }]);
      await checkFree(tx, appId, { me, other: input.user_id }, slot);
      const made = await insertMeeting(tx, { appId, initiatorId: me, inviteeId: input.user_id, ...slotColumns(input, slot) });
      await awardPoints(tx, { appId, userId: me, action: 'meetRequest', ref: input.user_id });
      return made;
    })
    .catch((err: unknown) => {
      // The pair's unique index (networking_meetings_waiting_pair_idx), should anything pass the check.
      if (isUniqueViolation(err)) throw fieldError('user_id', 'networking.errors.alreadyWaiting');
      throw err;
    });
  await afterScoreChange(ctx, appId, [me]);
  return afterWrite(ctx, scope, mod.id, id, 'requested');
}

/**
 * PUT /meet/{id}: the initiator changes slot, place or message. An accepted meeting whose time
 * (start or duration) or place changes waits for the invitee's answer again (`moved`: back in their
 * requests, bubble and notice; the calendar feed no longer shows it on); a new message alone keeps
 * it accepted.
 */
export async function editMeeting(ctx: Ctx, scope: Scope, id: number, input: SlotInput): Promise<Meeting> {
  const mod = await networkingModule(ctx, scope);
  const me = scope.user.id;
  const moved = await ctx.db.transaction(async (tx) => {
    const m = await lockMeeting(tx, scope.tenant.id, id);
    if (!m || !isParty(m, me)) throw notFound();
    if (!mayEdit(m, me)) throw forbidden();
    const slot = slotOf(input);
    await lockMembers(tx, scope.tenant.id, [m.initiatorId, m.inviteeId]);
    await checkFree(tx, scope.tenant.id, { me, other: m.inviteeId }, slot, m.id);
    const columns = slotColumns(input, slot);
    const changed =
      columns.timeStart.getTime() !== m.timeStart.getTime() || columns.duration !== m.duration || columns.location !== m.location;
    const again = m.status === 'accepted' && changed;
    await updateMeeting(tx, scope.tenant.id, m.id, again ? { ...columns, status: 'pending' } : columns);
    return { again, changed };
  });
  // Only a new time or place is pushed and noticed: retyping the message fifteen times is not fifteen pushes.
  return afterWrite(ctx, scope, mod.id, id, moved.again ? 'moved' : 'updated', !moved.changed);
}

/** The invitee accepts (the slot must still be free for both) or declines a waiting request. */
export async function answerMeeting(ctx: Ctx, scope: Scope, id: number, accept: boolean): Promise<Meeting> {
  const mod = await networkingModule(ctx, scope);
  const me = scope.user.id;
  const initiator = await ctx.db.transaction(async (tx) => {
    const m = await lockMeeting(tx, scope.tenant.id, id);
    if (!m || !isParty(m, me)) throw notFound();
    if (!mayAnswer(m, me)) throw forbidden();
    if (accept) {
      const end = new Date(m.timeStart.getTime() + m.duration * 60_000);
      if (end.getTime() < Date.now()) throw new ValidationError([{ field: '_popup', message: 'networking.errors.passed' }]);
      await lockMembers(tx, scope.tenant.id, [m.initiatorId, m.inviteeId]);
      await checkFree(tx, scope.tenant.id, { me, other: m.initiatorId }, { start: m.timeStart, end }, m.id, '_popup');
    }
    await updateMeeting(tx, scope.tenant.id, m.id, accept ? { status: 'accepted', acceptedAt: new Date() } : { status: 'rejected' });
    // Points (spec 3 §9), once per pair of members: asking, cancelling and asking again adds nothing.
    const appId = scope.tenant.id;
    if (accept) {
      await awardPoints(tx, { appId, userId: me, action: 'meetAccept', ref: m.initiatorId });
      await awardPoints(tx, { appId, userId: m.initiatorId, action: 'meetAccepted', ref: me });
    } else await awardPoints(tx, { appId, userId: me, action: 'meetDecline', ref: m.initiatorId });
    return m.initiatorId;
  });
  await afterScoreChange(ctx, scope.tenant.id, [me, initiator]);
  return afterWrite(ctx, scope, mod.id, id, accept ? 'accepted' : 'rejected');
}

/** Either party cancels: the initiator a waiting request, both an accepted meeting. */
export async function cancelMeeting(ctx: Ctx, scope: Scope, id: number): Promise<Meeting> {
  const mod = await networkingModule(ctx, scope);
  const me = scope.user.id;
  await ctx.db.transaction(async (tx) => {
    const m = await lockMeeting(tx, scope.tenant.id, id);
    if (!m || !isParty(m, me)) throw notFound();
    if (!mayCancel(m, me)) throw forbidden();
    await updateMeeting(tx, scope.tenant.id, m.id, { status: 'cancelled', cancelledBy: me });
  });
  return afterWrite(ctx, scope, mod.id, id, 'cancelled');
}
