import type {
  Announcement,
  AnnouncementInput,
  AnnouncementSegment,
  AnnouncementStatus,
  SegmentChoices,
} from '@app/contract/schemas/console-announcements';
import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import { offsetOf, setPageHeaders } from '../../../lib/pagination.ts';
import type { AppRow } from '../../apps/apps.queries.ts';
import { audit, changedOnly } from '../console.audit.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import * as q from './announcements.queries.ts';
import { startFanOut } from './announcements.sender.ts';

const err = (k: string) => `console-announcements.errors.${k}`;
const SEGMENT_CHOICES_MAX = 500;
const EDITABLE: readonly AnnouncementStatus[] = ['draft', 'scheduled'];

export function toApi(r: q.AnnouncementWithAuthor): Announcement {
  return {
    id: r.id,
    title: r.title,
    bodies: r.bodies,
    segment: r.segment,
    status: r.status,
    send_at: r.sendAt?.toISOString() ?? null,
    recipients: r.recipients,
    sent_at: r.sentAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    author_name: r.authorName,
  };
}

/** What the audit log keeps of an announcement (the texts by language, whom, when, status). */
const snapshot = (r: q.AnnouncementRow) => ({
  title: r.title,
  bodies: r.bodies,
  segment: r.segment,
  status: r.status,
  send_at: r.sendAt?.toISOString() ?? null,
});

/** The list title: the app's default language's, else the first language written. */
function listTitle(app: AppRow, bodies: AnnouncementInput['bodies']): string {
  const texts = bodies as Record<string, { title: string } | undefined>;
  return texts[app.locale]?.title ?? Object.values(texts).find(Boolean)?.title ?? '';
}

/** The texts as stored: only the languages written (the contract's partial record). */
const storedBodies = (bodies: AnnouncementInput['bodies']) =>
  Object.fromEntries(Object.entries(bodies).filter((e): e is [string, { title: string; body: string }] => Boolean(e[1])));

/** An event or session of another app (or none) is refused as a field error: never sent to. */
async function checkSegment(ctx: Ctx, appId: number, segment: AnnouncementSegment) {
  if (await q.segmentBelongs(ctx.db, appId, segment)) return;
  throw segment.kind === 'event' ? fieldError('segment.event_id', err('event')) : fieldError('segment.session_id', err('session'));
}

function checkSendAt(sendAt: string | null | undefined): Date | null {
  if (!sendAt) return null;
  const d = new Date(sendAt);
  if (d.getTime() <= Date.now()) throw fieldError('send_at', err('sendAtPast'));
  return d;
}

export async function listAnnouncements(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  query: { page: number; 'per-page': number; status?: AnnouncementStatus | undefined },
  reply: FastifyReply,
): Promise<Announcement[]> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const page = { page: query.page, perPage: query['per-page'] };
  const { rows, total } = await q.list(ctx.db, appId, query.status, page.perPage, offsetOf(page));
  setPageHeaders(reply, page, total);
  return rows.map(toApi);
}

export async function getAnnouncement(ctx: Ctx, actor: ConsoleActor, appId: number, id: number): Promise<Announcement> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const row = await q.findOne(ctx.db, appId, id);
  if (!row) throw notFound();
  return toApi(row);
}

export async function createAnnouncement(ctx: Ctx, actor: ConsoleActor, appId: number, b: AnnouncementInput): Promise<Announcement> {
  const app = await requireConsoleApp(ctx, actor, appId, 'owner');
  const sendAt = checkSendAt(b.send_at);
  await checkSegment(ctx, appId, b.segment);
  return ctx.db.transaction(async (tx) => {
    const row = await q.insert(tx, {
      appId,
      authorId: actor.userId,
      title: listTitle(app, b.bodies),
      bodies: storedBodies(b.bodies),
      segment: b.segment,
      sendAt,
      status: sendAt ? 'scheduled' : 'draft',
    });
    await audit(tx, actor, { appId, action: 'announcement.create', targetType: 'announcement', targetId: row.id, after: snapshot(row) });
    return toApi(row);
  });
}

/** Replaces a draft's or scheduled announcement's texts, segment and time (none: a draft again). */
export async function updateAnnouncement(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  id: number,
  b: AnnouncementInput,
): Promise<Announcement> {
  const app = await requireConsoleApp(ctx, actor, appId, 'owner');
  const sendAt = checkSendAt(b.send_at);
  await checkSegment(ctx, appId, b.segment);
  return ctx.db.transaction(async (tx) => {
    const before = await q.findOne(tx, appId, id, true);
    if (!before) throw notFound();
    if (!EDITABLE.includes(before.status)) throw fieldError('_popup', err('notEditable'));
    const after = await q.update(tx, id, {
      title: listTitle(app, b.bodies),
      bodies: storedBodies(b.bodies),
      segment: b.segment,
      sendAt,
      status: sendAt ? 'scheduled' : 'draft',
    });
    if (!after) throw notFound();
    await audit(tx, actor, {
      appId,
      action: 'announcement.update',
      targetType: 'announcement',
      targetId: id,
      ...changedOnly(snapshot(before), snapshot(after)),
    });
    return toApi(after);
  });
}

/** Cancels a draft or scheduled announcement: kept in the list, marked cancelled, never sent. */
export async function cancelAnnouncement(ctx: Ctx, actor: ConsoleActor, appId: number, id: number): Promise<Announcement> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  return ctx.db.transaction(async (tx) => {
    const before = await q.findOne(tx, appId, id, true);
    if (!before) throw notFound();
    if (!EDITABLE.includes(before.status)) throw fieldError('_popup', err('notCancellable'));
    const after = await q.update(tx, id, { status: 'cancelled' });
    if (!after) throw notFound();
    await audit(tx, actor, {
      appId,
      action: 'announcement.cancel',
      targetType: 'announcement',
      targetId: id,
      before: { status: before.status },
      after: { status: 'cancelled' },
    });
    return toApi(after);
  });
}

/**
 * Sends now: claims the row (only one caller gets it), records the action, and answers at once with
 * status `sending`; the fan-out runs in the background in batches and ends with `sent`.
 */
export async function sendAnnouncement(ctx: Ctx, actor: ConsoleActor, appId: number, id: number): Promise<Announcement> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const claimed = await ctx.db.transaction(async (tx) => {
    const before = await q.findOne(tx, appId, id);
    if (!before) throw notFound();
    const row = await q.claimNow(tx, appId, id);
    if (!row) throw fieldError('_popup', err('notSendable'));
    await audit(tx, actor, {
      appId,
      action: 'announcement.send',
      targetType: 'announcement',
      targetId: id,
      before: { status: before.status },
      after: { status: 'sending' },
    });
    return { ...row, authorName: before.authorName };
  });
  startFanOut(ctx, claimed);
  return toApi(claimed);
}

export async function segmentChoices(ctx: Ctx, actor: ConsoleActor, appId: number): Promise<SegmentChoices> {
  const app = await requireConsoleApp(ctx, actor, appId, 'owner');
  const c = await q.segmentChoices(ctx.db, appId, SEGMENT_CHOICES_MAX);
  const out = (r: { id: number; title: string; startsAt: Date; moduleName: string }) => ({
    id: r.id,
    title: r.title,
    starts_at: r.startsAt.toISOString(),
    module_name: r.moduleName,
  });
  return { events: c.events.map(out), sessions: c.sessions.map(out), default_locale: app.locale };
}

export async function previewCount(ctx: Ctx, actor: ConsoleActor, appId: number, segment: AnnouncementSegment) {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  await checkSegment(ctx, appId, segment);
  return { count: await q.countSegment(ctx.db, appId, segment) };
}
