import { toLocale } from '@app/contract/constants';
import {
  CONSOLE_SOCKET_NAMESPACE,
  type ContactAnswerBody,
  type ModerationDecideBody,
  type ModerationDecision,
  type ModerationItem,
  type ModerationQueue,
  type ReportKind,
} from '@app/contract/schemas/console-moderation';
import type { Ctx } from '../../../context.ts';
import { fieldError, HttpError, notFound } from '../../../lib/errors.ts';
import { translate } from '../../../lib/i18n.ts';
import { offsetOf, type Page } from '../../../lib/pagination.ts';
import { excerpt } from '../../../lib/text.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { defineCache } from '../../../platform/caches.ts';
import type { ReportedTarget, ReportSource } from '../../../platform/module.ts';
import { cached } from '../../content/content.caches.ts';
import { reportSources } from '../../index.ts';
import { audit } from '../console.audit.ts';
import { blockAccount } from '../console.block.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import * as q from './moderation.queries.ts';
import type { DecisionSnapshot } from './moderation.table.ts';

/**
 * The queue's pages and open count per app, on every node: dropped at every report filed and every
 * decision (`dropQueue`), so a busy queue is read once per change, not once per request (issue 22's
 * bench: 5,000 reports at 50 connections).
 */
export const queuePages = defineCache('console-moderation', () => new TtlCache<unknown>(60_000, 2_000));

export function dropQueue(ctx: Ctx, appId: number): void {
  ctx.bus.publish({ t: 'cache', name: queuePages.name, prefix: `${appId}:` });
}

const sourcesOf = (kind?: string): ReportSource[] => reportSources().filter((s) => !kind || s.kind === kind);

function sourceOf(kind: string): ReportSource {
  const s = sourcesOf(kind)[0];
  if (!s) throw notFound();
  return s;
}

/** The room of the console sockets watching an app's queue. */
export const watchRoom = (appId: number) => `console:${appId}`;

/** Sends the app's open count to the consoles watching its queue (on every node); answers it. */
export async function announceCount(ctx: Ctx, appId: number): Promise<number> {
  const open = await openCount(ctx, appId);
  ctx.io?.of(CONSOLE_SOCKET_NAMESPACE).to(watchRoom(appId)).emit('moderationCount', { app_id: appId, open });
  return open;
}

/** How many reported targets wait for a decision in the app. */
export function openCount(ctx: Ctx, appId: number): Promise<number> {
  return cached(ctx, queuePages, `${appId}:count`, () => q.countOpen(ctx.db, appId, sourcesOf()));
}

export async function count(ctx: Ctx, actor: ConsoleActor, appId: number) {
  await requireConsoleApp(ctx, actor, appId, 'moderator');
  return { open: await openCount(ctx, appId) };
}

/** Each kind's targets of these rows, described by their module (missing: gone since). */
async function describeAll(ctx: Ctx, appId: number, rows: Array<{ kind: string; target_id: number }>) {
  const out = new Map<string, ReportedTarget>();
  const kinds = [...new Set(rows.map((r) => r.kind))];
  await Promise.all(
    kinds.map(async (kind) => {
      const ids = rows.filter((r) => r.kind === kind).map((r) => r.target_id);
      const found = await sourceOf(kind).describe(ctx.db, appId, ids);
      for (const [id, t] of found) out.set(`${kind}:${id}`, t);
    }),
  );
  return out;
}

function actionsFor(source: ReportSource, t: ReportedTarget | undefined): ModerationItem['actions'] {
  const out: ModerationItem['actions'] = ['dismiss'];
  if (!t) return out;
  if (source.hide && !t.hidden) out.push('hide');
  if (source.remove) out.push('delete');
  if (t.author) out.push('block');
  if (source.kind === 'contact') out.push('answer');
  return out;
}

async function openPage(
  ctx: Ctx,
  appId: number,
  kind: ReportKind | undefined,
  page: Page,
): Promise<{ items: ModerationItem[]; total: number }> {
  const { rows, total } = await q.pageOpen(ctx.db, appId, sourcesOf(kind), page.perPage, offsetOf(page));
  const [targets, names] = await Promise.all([
    describeAll(ctx, appId, rows),
    q.namesOf(ctx.db, appId, [...new Set(rows.flatMap((r) => r.reporters))]),
  ]);
  const items = rows.map((r): ModerationItem => {
    const t = targets.get(`${r.kind}:${r.target_id}`);
    return {
      kind: r.kind as ReportKind,
      target_id: r.target_id,
      title: t?.title ?? '',
      excerpt: t?.excerpt ?? '',
      author: t?.author ?? null,
      link: t?.link ?? null,
      hidden: t?.hidden ?? false,
      gone: !t,
      reports_count: r.reports,
      last_reported_at: r.last_at.toISOString(),
      reporters: r.reporters.map((id) => ({ id, name: names.get(id) ?? '' })),
      actions: actionsFor(sourceOf(r.kind), t),
    };
  });
  return { items, total };
}

async function donePage(
  ctx: Ctx,
  appId: number,
  kind: ReportKind | undefined,
  page: Page,
): Promise<{ items: ModerationDecision[]; total: number }> {
  const { rows, total } = await q.pageDone(ctx.db, appId, kind ? [kind] : undefined, page.perPage, offsetOf(page));
  return {
    total,
    items: rows.map((d) => ({
      id: d.id,
      kind: d.kind as ReportKind,
      target_id: d.targetId,
      action: d.action,
      reason: d.reason,
      actor: d.actorName,
      created_at: d.createdAt.toISOString(),
      title: d.snapshot.title,
      excerpt: d.snapshot.excerpt,
      author: d.snapshot.author,
      reports_count: d.snapshot.reports,
    })),
  };
}

/** A page of the queue: open targets (newest report first) or the decisions taken (newest first). */
export async function queue(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  status: 'open' | 'done',
  kind: ReportKind | undefined,
  page: Page,
): Promise<{ body: ModerationQueue; total: number }> {
  await requireConsoleApp(ctx, actor, appId, 'moderator');
  return cached(ctx, queuePages, `${appId}:${status}:${kind ?? ''}:${page.page}:${page.perPage}`, async () => {
    if (status === 'done') {
      const done = await donePage(ctx, appId, kind, page);
      return { body: { status, open: [], done: done.items }, total: done.total };
    }
    const open = await openPage(ctx, appId, kind, page);
    return { body: { status, open: open.items, done: [] }, total: open.total };
  });
}

const unavailable = () => fieldError('action', 'console-moderation.errors.actionUnavailable');

/**
 * Decides on an open target: dismiss its reports, hide it, delete it (the module's own way) or block
 * its author, with the reason; recorded with what the queue showed (the Done tab) and in the audit
 * log. A target with no open report is a 404 (another app's id, or decided by someone else).
 */
export async function decide(ctx: Ctx, actor: ConsoleActor, appId: number, kind: ReportKind, targetId: number, body: ModerationDecideBody) {
  await requireConsoleApp(ctx, actor, appId, 'moderator');
  const source = sourceOf(kind);
  const open = await q.openTarget(ctx.db, appId, source, targetId);
  if (!open) throw notFound();
  const target = (await source.describe(ctx.db, appId, [targetId])).get(targetId);
  const { action } = body;
  if (action !== 'dismiss' && !actionsFor(source, target).includes(action)) throw unavailable();
  const snapshot: DecisionSnapshot = {
    title: target?.title ?? '',
    excerpt: target?.excerpt ?? '',
    author: target?.author ?? null,
    reports: open.reports,
  };
  if (action === 'block' && target?.author) {
    const roles = await q.rolesOf(ctx.db, appId, target.author.id);
    if (target.author.id === actor.userId || roles?.organiser) throw fieldError('action', 'console-moderation.errors.cannotBlockOrganiser');
  }
  // Hiding and deleting run the module's own steps (counts, files, live notices) first; the decision
  // is recorded once they are done, so a failed step leaves the target open.
  if (action === 'hide') await source.hide?.(ctx, appId, targetId);
  if (action === 'delete') await source.remove?.(ctx, appId, targetId);
  const after = await ctx.db.transaction(async (tx) => {
    const blocked = action === 'block' && target?.author ? await blockAccount(tx, appId, target.author.id) : undefined;
    if (action === 'block' && !blocked) throw unavailable();
    await q.insertDecision(tx, {
      appId,
      kind,
      targetId,
      action,
      reason: body.reason,
      actorId: actor.userId,
      actorName: actor.name,
      snapshot,
    });
    await audit(tx, actor, {
      appId,
      action: `report.${action}`,
      targetType: kind,
      targetId,
      before: { title: snapshot.title, author: snapshot.author?.name ?? null, reports: open.reports, hidden: target?.hidden ?? false },
      after: { action, reason: body.reason, ...(action === 'block' ? { blocked: snapshot.author?.id } : {}) },
    });
    return blocked;
  });
  after?.(ctx);
  dropQueue(ctx, appId);
  return { success: true as const, open: await announceCount(ctx, appId) };
}

/**
 * Answers a "Contact App Owner" message by mail to the member, in their language, with the app
 * owner's address (or the organiser's) as Reply-To; the message is then done. A failed mail records
 * nothing and answers 503.
 */
export async function answerContact(ctx: Ctx, actor: ConsoleActor, appId: number, id: number, body: ContactAnswerBody) {
  const app = await requireConsoleApp(ctx, actor, appId, 'moderator');
  const msg = await q.contactMessage(ctx.db, appId, id);
  if (!msg) throw notFound();
  // One answer per message: a second (or two moderators at once) is refused, not mailed again.
  if (!(await q.claimAnswer(ctx.db, appId, id))) throw fieldError('_popup', 'console-moderation.errors.actionUnavailable');
  const locale = toLocale(msg.locale ?? app.locale);
  const t = (k: string) => translate(locale, `console-moderation.mail.${k}`, { app: app.name, name: msg.name });
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const text = [t('greeting'), '', body.message, '', '—', t('yourMessage'), msg.message, '', t('signature')].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${esc(t('greeting'))}</p><p style="white-space:pre-wrap">${esc(body.message)}</p>
<hr><p><strong>${esc(t('yourMessage'))}</strong></p><blockquote style="white-space:pre-wrap;color:#555">${esc(msg.message)}</blockquote>
<p>${esc(t('signature'))}</p></body></html>`;
  try {
    await ctx.mailer.send({
      to: msg.email,
      replyTo: app.ownerEmail ?? actor.email,
      subject: t('subject'),
      text,
      html,
      link: '',
      fromName: app.name,
    });
  } catch (err) {
    ctx.log.warn({ err: { code: (err as { code?: unknown })?.code }, app: appId }, 'moderation: answer mail failed');
    await q.releaseAnswer(ctx.db, appId, id);
    throw new HttpError(503, 'console-moderation.errors.mailFailed');
  }
  const reports = (await q.openTarget(ctx.db, appId, sourceOf('contact'), id))?.reports ?? 1;
  await ctx.db.transaction(async (tx) => {
    await q.markAnswered(tx, appId, id);
    await q.insertDecision(tx, {
      appId,
      kind: 'contact',
      targetId: id,
      action: 'answer',
      reason: excerpt(body.message, 500),
      actorId: actor.userId,
      actorName: actor.name,
      snapshot: { title: msg.name, excerpt: excerpt(msg.message, 2000), author: { id: msg.userId, name: msg.name }, reports },
    });
    await audit(tx, actor, {
      appId,
      action: 'report.answer',
      targetType: 'contact',
      targetId: id,
      after: { answer: excerpt(body.message, 500) },
    });
  });
  dropQueue(ctx, appId);
  return { success: true as const, open: await announceCount(ctx, appId) };
}
