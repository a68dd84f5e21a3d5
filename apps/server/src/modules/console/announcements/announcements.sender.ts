import type { Ctx } from '../../../context.ts';
import { queuePush } from '../../push/push.sender.ts';
import * as q from './announcements.queries.ts';

/** Members read per page of the fan-out (one query each; in-app notices and one push job per language). */
export const SEND_BATCH = 1000;
/** Announcements one sweep claims at most. */
const SWEEP_CLAIM = 10;
/** How often a node looks for announcements whose time came. */
const SWEEP_EVERY_MS = 10_000;

type Texts = Record<string, { title: string; body: string }>;

/** The text a member reads: in their language, else the app's default language, else the first written. */
export function textFor(bodies: Texts, memberLocale: string, appLocale: string): { locale: string; title: string; body: string } {
  for (const l of [memberLocale, appLocale]) {
    const t = bodies[l];
    if (t) return { locale: l, ...t };
  }
  const [l, t] = Object.entries(bodies)[0] ?? ['', { title: '', body: '' }];
  return { locale: l, ...t };
}

/** The fan-outs this server runs, so tests, the bench and shutdown can wait for them. */
const running = new WeakMap<Ctx, Set<Promise<void>>>();

/** Resolves when this server has no announcement fan-out running. */
export async function announcementsIdle(ctx: Ctx): Promise<void> {
  for (let set = running.get(ctx); set?.size; set = running.get(ctx)) await Promise.all(set);
}

/**
 * Starts the fan-out of a claimed announcement in the background and returns at once. Errors are
 * logged; the row stays `sending` and its lease runs out, so a later sweep resumes it.
 */
export function startFanOut(ctx: Ctx, row: q.AnnouncementRow): void {
  let set = running.get(ctx);
  if (!set) {
    set = new Set();
    running.set(ctx, set);
  }
  const p: Promise<void> = fanOut(ctx, row)
    .catch((err: unknown) => ctx.log.warn({ err: (err as Error).name, announcement: row.id }, 'announcements: a send failed'))
    .finally(() => set.delete(p));
  set.add(p);
}

/** Lets the requests waiting on this node run between two batches. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The fan-out: the segment's members a page at a time after the cursor (keyset), each page's in-app
 * notices to members whose Admin messages in-app toggle is on, its pushes handed to the background
 * push sender (category `admin`, which applies the members' push toggles), one job per language;
 * then the cursor and count are recorded with the lease renewed. Ends with `sent` and the count.
 */
async function fanOut(ctx: Ctx, row: q.AnnouncementRow): Promise<void> {
  // The send call's answer goes out before the first page is read.
  await breathe();
  const app = await ctx.apps.get(row.appId);
  if (!app) return;
  let after = row.cursor;
  for (;;) {
    const page = await q.recipientsPage(ctx.db, row.appId, row.segment, after, SEND_BATCH);
    deliver(ctx, app, row, page);
    const last = page.at(-1)?.id ?? after;
    if (!(await q.advance(ctx.db, row.id, row.claim, last, page.length))) return;
    if (page.length < SEND_BATCH) break;
    after = last;
    await breathe();
  }
  await q.finish(ctx.db, row.id, row.claim);
}

function deliver(ctx: Ctx, app: { name: string; locale: string }, row: q.AnnouncementRow, page: q.Recipient[]) {
  if (page.length === 0) return;
  const byLocale = new Map<string, { text: { title: string; body: string }; all: number[]; inapp: string[] }>();
  for (const m of page) {
    const text = textFor(row.bodies, m.locale, app.locale);
    let g = byLocale.get(text.locale);
    if (!g) {
      g = { text, all: [], inapp: [] };
      byLocale.set(text.locale, g);
    }
    g.all.push(m.id);
    if (m.inapp) g.inapp.push(`user:${m.id}`);
  }
  for (const { text, all, inapp } of byLocale.values()) {
    if (inapp.length) ctx.io?.to(inapp).emit('adminMessage', { message: text.body, title: text.title, app_name: app.name });
    queuePush(ctx, row.appId, 'admin', { userIds: all }, { title: text.title, body: text.body, url: '/', tag: `announcement-${row.id}` });
  }
}

/** Claims the announcements due (or whose sender went away) and starts their fan-outs. Answers the ids claimed. */
export async function sweepAnnouncements(ctx: Ctx): Promise<number[]> {
  const claimed = await q.claimDue(ctx.db, SWEEP_CLAIM);
  for (const row of claimed) startFanOut(ctx, row);
  return claimed.map((r) => r.id);
}

/**
 * The schedule on this node: a sweep a few seconds after start (sends a restart interrupted, and
 * those that fell due meanwhile), then every 10 seconds. Stopped when the server closes.
 */
export function startAnnouncementSchedule(ctx: Ctx): () => void {
  let busy = false;
  let stopped = false;
  const tick = () => {
    if (busy || stopped) return;
    busy = true;
    sweepAnnouncements(ctx)
      .catch((err: unknown) => ctx.log.warn({ err: (err as Error).name }, 'announcements: sweep failed'))
      .finally(() => {
        busy = false;
      });
  };
  const first = setTimeout(tick, 3_000 + Math.floor(Math.random() * 2_000));
  const every = setInterval(tick, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  const stop = () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
  schedules.set(ctx, stop);
  return stop;
}

const schedules = new WeakMap<Ctx, () => void>();

/** Stops this server's schedule (tests that sweep by hand, so no timer claims a row before them). */
export function stopAnnouncementSchedule(ctx: Ctx): void {
  schedules.get(ctx)?.();
}
