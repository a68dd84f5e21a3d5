// Cover images and attachments of posts (docs/decisions.md "Uploads"): stored outside the public
// /uploads/ folder, served only through signed, expiring URLs, attached to a post in the post's own
// transaction, and never left behind (post deletion, edits and a periodic sweep remove the files).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Attachment, CONTENT_UPLOAD } from '@app/contract/schemas/content';
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { MAX_INPUT_PIXELS, sniffImage } from '../../lib/images.ts';
import type { Scope } from '../../platform/scope.ts';
import { chargeUpload, memberKey, uploadWindows } from '../../platform/upload-budget.ts';
import { findSecret, putSecretOnce } from '../apps/apps.queries.ts';
import { contentPosts, uploads } from './content.table.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Images whose longer side is above this are scaled down to it and stored as JPEG (spec 3 §5). */
export const IMAGE_MAX_SIDE = 1600;
/** JPEG quality of stored images (spec 3 §5: 0.7). */
export const JPEG_QUALITY = 70;
/** A signed URL is valid for 6 to 7 hours: the expiry is rounded up to the hour, so the URLs of one hour are equal and cached. */
export const URL_LIFETIME_S = 6 * 3600;
const URL_ROUND_S = 3600;
/** Files no upload row names are deleted after this long (a file is written just before its row). */
export const ORPHAN_AGE_MS = 24 * 3600 * 1000;
/** Uploads never attached are swept this often (their life is the config's `uploadQuota.unattachedMs`). */
const UNATTACHED_SWEEP_EVERY_MS = 15 * 60 * 1000;
/** Held uploads no holder names are swept after this long: an upload being claimed is never raced. */
export const HELD_GRACE_MS = 3600 * 1000;
const SWEEP_BATCH = 200;
const SWEEP_EVERY_MS = 3600 * 1000;

/** Where the stored files' keys start: `files/`, apart from `uploads/`, which is served to anyone. */
const FILES = 'files/';

/** Names the server gives stored files, `content/<uuid>.<ext>`: only such paths are read or deleted. */
const STORED_PATH = /^content\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif|pdf|zip)$/;

/** The storage key of an upload row's `path` (`content/<uuid>.<ext>`), or undefined for any other path. */
export function storedKey(stored: string): string | undefined {
  return STORED_PATH.test(stored) ? FILES + stored : undefined;
}

/** Deletes stored files; a file already gone is fine. */
export async function removeFiles(ctx: Pick<Ctx, 'storage'>, stored: string[]): Promise<void> {
  const keys = stored.map(storedKey).filter((k): k is string => k !== undefined);
  if (keys.length) await ctx.storage.delete(keys);
}

// --- Signed URLs ---------------------------------------------------------------------------------

/** The HMAC key of file URLs: generated once, kept in app_secrets so that every node signs alike. */
const secrets = new WeakMap<Db, Promise<Buffer>>();
function secretOf(db: Db): Promise<Buffer> {
  let s = secrets.get(db);
  if (!s) {
    s = (async () => {
      const hex = (await findSecret(db, 'files')) ?? (await putSecretOnce(db, 'files', randomUUID() + randomUUID()));
      return Buffer.from(hex);
    })();
    s.catch(() => secrets.delete(db));
    secrets.set(db, s);
  }
  return s;
}

const mac = (key: Buffer, id: number, exp: number) => createHmac('sha256', key).update(`file:${id}:${exp}`).digest('base64url');

/** The expiry every URL signed now gets (seconds since the epoch). */
export const currentExpiry = (now = Date.now()) => Math.ceil((now / 1000 + URL_LIFETIME_S) / URL_ROUND_S) * URL_ROUND_S;

/** A signer for one answer: one secret lookup, one expiry for all its files. */
export async function urlSigner(ctx: Pick<Ctx, 'db'>, now = Date.now()): Promise<(id: number) => string> {
  const key = await secretOf(ctx.db);
  const exp = currentExpiry(now);
  return (id) => `/files/${id}?exp=${exp}&sig=${mac(key, id, exp)}`;
}

/** Whether `sig` signs this file and expiry; the expiry is checked separately. */
export async function verifySignature(ctx: Pick<Ctx, 'db'>, id: number, exp: number, sig: string): Promise<boolean> {
  const expected = Buffer.from(mac(await secretOf(ctx.db), id, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function toAttachment(row: UploadRow, sign: (id: number) => string): Attachment {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    url: sign(row.id),
    is_image: row.mime.startsWith('image/'),
    width: row.width,
    height: row.height,
  };
}

/** A file name for `filename*=UTF-8''…`: percent-encoded, so quotes, semicolons and line breaks cannot end the header value. */
function encodeRFC5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Streams a stored upload: its sniffed type, `nosniff`, a sandboxing CSP, and a download with the
 * cleaned name (`Content-Disposition: attachment; filename*=UTF-8''…`), or `inline` for an image
 * when asked. 404 when the file is gone. What /files/:id and the resources' file call share.
 */
export async function sendUpload(
  ctx: Pick<Ctx, 'storage'>,
  reply: FastifyReply,
  row: UploadRow,
  opts: { inlineImage: boolean; cache: string },
): Promise<FastifyReply> {
  const key = storedKey(row.path);
  const file = key ? await ctx.storage.get(key) : undefined;
  if (!file) throw notFound();
  const inline = opts.inlineImage && row.mime.startsWith('image/');
  return reply
    .header('content-type', row.mime)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', inline ? 'inline' : `attachment; filename*=UTF-8''${encodeRFC5987(row.name)}`)
    .header('cache-control', opts.cache)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}

// --- Accepting a file ----------------------------------------------------------------------------

interface Stored {
  data: Buffer;
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
}

const IMAGE_OUT = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
} as const;

/** Extensions a ZIP keeps in its name (Office and OpenDocument files are ZIP archives); others become `.zip`. */
const ZIP_NAMES = new Set(['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub']);

/**
 * An image re-encoded without its metadata, turned upright: above IMAGE_MAX_SIDE scaled down and
 * stored as JPEG quality 70 (on white where it was transparent); otherwise kept in its own format
 * (a GIF keeps its animation). Refuses what sharp cannot read and what has too many pixels.
 */
async function normalise(data: Buffer, kind: keyof typeof IMAGE_OUT): Promise<Stored> {
  const animated = kind === 'gif';
  const meta = await sharp(data, { limitInputPixels: false, animated })
    .metadata()
    .catch(() => undefined);
  const width = meta?.width;
  const height = meta?.pageHeight ?? meta?.height;
  if (!meta || !width || !height) throw fieldError('file', 'content.errors.uploadType');
  if (width * height * (meta.pages ?? 1) > MAX_INPUT_PIXELS) throw fieldError('file', 'content.errors.imagePixels');
  try {
    const big = Math.max(width, height) > IMAGE_MAX_SIDE;
    const img = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: animated && !big, failOn: 'error' }).rotate();
    if (big) {
      const { data: out, info } = await img
        .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { data: out, ...IMAGE_OUT.jpeg, width: info.width, height: info.height };
    }
    const encoded =
      kind === 'jpeg'
        ? img.jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        : kind === 'png'
          ? img.png({ compressionLevel: 9 })
          : kind === 'webp'
            ? img.webp({ quality: 80 })
            : img.gif();
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: out, ...IMAGE_OUT[kind], width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw fieldError('file', 'content.errors.uploadType');
  }
}

/** What the bytes are: an image we re-encode, a PDF or a ZIP; anything else is refused (422). */
async function accept(data: Buffer): Promise<Stored> {
  const image = sniffImage(data);
  if (image) return normalise(data, image);
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { data, mime: 'application/pdf', ext: 'pdf', width: null, height: null };
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    return { data, mime: 'application/zip', ext: 'zip', width: null, height: null };
  }
  throw fieldError('file', 'content.errors.uploadType');
}

/** The name shown and offered on download: the client's base name, cleaned, with an extension that matches what is stored. */
export function storedName(original: string | undefined, ext: string): string {
  const base =
    (original ?? '')
      .split(/[\\/]/)
      .pop()
      ?.normalize('NFC')
      // Control characters, quotes and the characters file systems refuse.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
      .replace(/[\u0000-\u001f\u007f"*:<>?|]/g, '')
      .trim()
      .slice(0, 150) ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || 'file';
  const own = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (ext === 'zip' && ZIP_NAMES.has(own)) return `${stem}.${own}`;
  if (ext === 'jpg' && own === 'jpeg') return `${stem}.jpeg`;
  return `${stem}.${ext}`;
}

/** `5 MB`, `0.5 MB`: the app's limit in the message of spec 2 §5. */
export const megabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);

/**
 * Reads the one file of a multipart upload request (field CONTENT_UPLOAD.field) and stores it as
 * the caller's upload (saveUpload): what the content and the chats upload calls share.
 */
export async function receiveUpload(ctx: Ctx, scope: Scope, req: FastifyRequest): Promise<Attachment> {
  const max = scope.tenant.maxUploadSize;
  const settle = chargeUpload(ctx, scope, req, max);
  const windows = ctx.caches.get(uploadWindows);
  const member = memberKey(scope);
  const quota = ctx.config.uploadQuota;
  const stored = await unattachedOf(ctx, scope);
  // Checked and counted in flight in one synchronous step, so that parallel requests of one member
  // see each other (a request that stores its row between another's count and check can still slip by).
  const before = windows.inFlight(member);
  if (stored.files + before.files + 1 > quota.unattachedFiles || stored.bytes + before.bytes >= quota.unattachedBytes) {
    settle(0);
    throw new HttpError(413, 'common.errors.uploadsUnattached');
  }
  windows.fly(member, 1, 0);
  let flying = 0;
  try {
    const file = await req.file({ limits: { fileSize: max, files: 1 } }).catch(() => undefined);
    if (!file || file.fieldname !== CONTENT_UPLOAD.field) throw fieldError(CONTENT_UPLOAD.field, 'content.errors.uploadType');
    const data = await file.toBuffer().catch(() => undefined);
    settle(data?.length ?? max);
    if (!data || file.file.truncated) throw fieldError(CONTENT_UPLOAD.field, 'common.errors.uploadTooBig', { size: megabytes(max) });
    if (stored.bytes + windows.inFlight(member).bytes + data.length > quota.unattachedBytes) {
      throw new HttpError(413, 'common.errors.uploadsUnattached');
    }
    windows.fly(member, 0, data.length);
    flying = data.length;
    return await saveUpload(ctx, scope, data, file.filename);
  } finally {
    windows.fly(member, -1, -flying);
  }
}

/**
 * The caller's stored uploads waiting to be attached (the uploads in flight are counted apart):
 * over the unattached life and two sweeps, through the index on `created_at`; anything older is
 * swept at the next run.
 */
async function unattachedOf(ctx: Ctx, scope: Scope): Promise<{ files: number; bytes: number }> {
  const since = new Date(Date.now() - ctx.config.uploadQuota.unattachedMs - 2 * UNATTACHED_SWEEP_EVERY_MS);
  const [row] = await ctx.db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8` })
    .from(uploads)
    .where(
      and(
        sql`${uploads.createdAt} >= ${since}`,
        eq(uploads.appId, scope.tenant.id),
        eq(uploads.userId, scope.user.id),
        isNull(uploads.postId),
        eq(uploads.held, false),
      ),
    );
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Stores an upload of the caller, not attached to any post yet. The file is written first and
 * removed again if the row cannot be inserted.
 */
export async function saveUpload(ctx: Ctx, scope: Scope, data: Buffer, filename: string | undefined): Promise<Attachment> {
  if (data.length === 0) throw fieldError('file', 'content.errors.uploadType');
  if (data.length > scope.tenant.maxUploadSize) {
    throw fieldError('file', 'common.errors.uploadTooBig', { size: megabytes(scope.tenant.maxUploadSize) });
  }
  const file = await accept(data);
  const stored = `content/${randomUUID()}.${file.ext}`;
  const key = storedKey(stored);
  if (!key) throw new Error('stored path refused');
  await ctx.storage.put(key, file.data, file.mime);
  const row = await ctx.db
    .insert(uploads)
    .values({
      appId: scope.tenant.id,
      userId: scope.user.id,
      path: stored,
      name: storedName(filename, file.ext),
      mime: file.mime,
      size: file.data.length,
      width: file.width,
      height: file.height,
    })
    .returning()
    .then((r) => r[0])
    .catch(async (err: unknown) => {
      await removeFiles(ctx, [stored]);
      throw err;
    });
  if (!row) throw new Error('insert uploads returned nothing');
  return toAttachment(row, await urlSigner(ctx));
}

// --- Posts ---------------------------------------------------------------------------------------

/** The uploads of a page of posts in one query, by post: the cover and the attachments in upload order. */
export async function uploadsOf(db: Db, posts: Array<{ id: number; coverUploadId: number | null }>) {
  const ids = posts.map((p) => p.id);
  const rows = ids.length ? await db.select().from(uploads).where(inArray(uploads.postId, ids)).orderBy(asc(uploads.id)) : [];
  const byPost = new Map<number, { cover: UploadRow | null; attachments: UploadRow[] }>();
  for (const p of posts) byPost.set(p.id, { cover: null, attachments: [] });
  for (const r of rows) {
    const p = posts.find((x) => x.id === r.postId);
    const entry = r.postId === null ? undefined : byPost.get(r.postId);
    if (!p || !entry) continue;
    if (r.id === p.coverUploadId) entry.cover = r;
    else entry.attachments.push(r);
  }
  return byPost;
}

interface Wanted {
  /** undefined: keep the post's current cover. */
  cover: number | null | undefined;
  /** undefined: keep the post's current attachments. */
  attachments: number[] | undefined;
}

/**
 * Inside the post's transaction: attaches the caller's uploads the input names (their own, of this
 * app, not attached to another post; 422 on the field otherwise, nothing changed), detaches and
 * deletes the rows of those the post no longer has, and sets the cover. Answers the stored paths
 * to delete once the transaction has committed.
 */
export async function attachUploads(tx: Db, scope: Scope, postId: number, wanted: Wanted): Promise<string[]> {
  if (wanted.cover === undefined && wanted.attachments === undefined) return [];
  const [post] = await tx.select({ cover: contentPosts.coverUploadId }).from(contentPosts).where(eq(contentPosts.id, postId)).for('update');
  if (!post) throw new Error('attachUploads: no post');
  const current = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.postId, postId)).for('update');
  const cover = wanted.cover === undefined ? post.cover : wanted.cover;
  const attachments =
    wanted.attachments === undefined ? current.map((r) => r.id).filter((id) => id !== post.cover) : [...new Set(wanted.attachments)];
  const keep = [...new Set([...attachments, ...(cover === null ? [] : [cover])])];
  const found = keep.length
    ? await tx
        .select({ id: uploads.id, mime: uploads.mime })
        .from(uploads)
        .where(
          and(
            inArray(uploads.id, keep),
            eq(uploads.appId, scope.tenant.id),
            eq(uploads.userId, scope.user.id),
            eq(uploads.held, false),
            or(isNull(uploads.postId), eq(uploads.postId, postId)),
          ),
        )
        .for('update')
    : [];
  const ok = new Set(found.map((r) => r.id));
  if (cover !== null && !ok.has(cover)) throw fieldError('cover_image_id', 'content.errors.uploadGone');
  if (attachments.some((id) => !ok.has(id))) throw fieldError('attachment_ids', 'content.errors.uploadGone');
  if (cover !== null && !found.find((r) => r.id === cover)?.mime.startsWith('image/')) {
    throw fieldError('cover_image_id', 'content.errors.coverNotImage');
  }
  const drop = current.map((r) => r.id).filter((id) => !keep.includes(id));
  const removed = drop.length ? await tx.delete(uploads).where(inArray(uploads.id, drop)).returning({ path: uploads.path }) : [];
  if (keep.length) await tx.update(uploads).set({ postId }).where(inArray(uploads.id, keep));
  if (cover !== post.cover) await tx.update(contentPosts).set({ coverUploadId: cover }).where(eq(contentPosts.id, postId));
  return removed.map((r) => r.path);
}

/** Inside a post's deletion: removes its upload rows and answers their files, deleted after the commit. */
export async function detachAll(tx: Db, postId: number): Promise<string[]> {
  const removed = await tx.delete(uploads).where(eq(uploads.postId, postId)).returning({ path: uploads.path });
  return removed.map((r) => r.path);
}

/**
 * Deletes uploads never attached after their life (`uploadQuota.unattachedMs`: an abandoned draft,
 * a failed create), a bounded batch at a time; rows first, so two nodes sweeping at once delete each
 * once. Answers how many went.
 */
export async function sweepOrphanUploads(
  ctx: Pick<Ctx, 'db' | 'config' | 'storage'>,
  olderThanMs = ctx.config.uploadQuota.unattachedMs,
  batch = SWEEP_BATCH,
) {
  return sweepBatches(ctx, batch, () =>
    and(isNull(uploads.postId), eq(uploads.held, false), lt(uploads.createdAt, new Date(Date.now() - olderThanMs))),
  );
}

/**
 * Deletes the uploads `where` picks, a bounded batch at a time until a batch is not full: rows first
 * (`FOR UPDATE SKIP LOCKED`, so two nodes sweeping at once delete each once), then their files.
 * `where` is built again for each batch (its cut-off moves with the clock). Answers how many went.
 */
async function sweepBatches(ctx: Pick<Ctx, 'db' | 'config' | 'storage'>, batch: number, where: () => SQL | undefined) {
  let total = 0;
  for (;;) {
    const doomed = ctx.db.select({ id: uploads.id }).from(uploads).where(where()).limit(batch).for('update', { skipLocked: true });
    const removed = await ctx.db.delete(uploads).where(inArray(uploads.id, doomed)).returning({ path: uploads.path });
    await removeFiles(
      ctx,
      removed.map((r) => r.path),
    );
    total += removed.length;
    if (removed.length < batch) return total;
  }
}

/**
 * Deletes stored files that no upload row names, once older than `olderThanMs`: the files of posts
 * removed by a cascade (a module or an app deleted) and of a crash between a row's deletion and its
 * file's. Young files are left alone: an upload's file is written just before its row. Answers how many went.
 */
export async function sweepStrayFiles(ctx: Pick<Ctx, 'db' | 'storage'>, olderThanMs = ORPHAN_AGE_MS) {
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  // A page of the listing at a time (S3 answers up to 1,000 keys): one query for the rows that name them.
  for await (const page of ctx.storage.list(`${FILES}content/`)) {
    const old = page
      .map((f) => ({ path: f.key.slice(FILES.length), modified: f.modified }))
      .filter((f) => STORED_PATH.test(f.path) && f.modified.getTime() <= cutoff)
      .map((f) => f.path);
    if (old.length === 0) continue;
    const known = new Set((await ctx.db.select({ path: uploads.path }).from(uploads).where(inArray(uploads.path, old))).map((r) => r.path));
    const stray = old.filter((p) => !known.has(p));
    await removeFiles(ctx, stray);
    removed += stray.length;
  }
  return removed;
}

/**
 * Deletes held uploads (`uploads.held`) that no holder names any more, once older than
 * `olderThanMs`: a chat message, listing or resource removed by a cascade (its module or app
 * deleted) or by a crash between two steps. `holders` are the modules' `holdsUploads` queries (the
 * server manifests): an upload none of them answers is released. A bounded batch at a time, rows
 * first (`FOR UPDATE SKIP LOCKED`, so two nodes delete each once), files after. Answers how many went.
 */
export async function sweepReleasedUploads(
  ctx: Pick<Ctx, 'db' | 'config' | 'storage'>,
  holders: readonly SQL[],
  olderThanMs = HELD_GRACE_MS,
  batch = SWEEP_BATCH,
) {
  // No holder declared: nothing can be told released (never "everything is").
  if (holders.length === 0) return 0;
  // One anti-join per holder: each query's ids are read once per batch (a hash), not per upload.
  const unnamed = holders.map((h) => sql`not exists (select 1 from (${h}) as holder(id) where holder.id = ${uploads.id})`);
  return sweepBatches(ctx, batch, () =>
    and(eq(uploads.held, true), isNull(uploads.postId), lt(uploads.createdAt, new Date(Date.now() - olderThanMs)), ...unnamed),
  );
}

/**
 * Sweeps a minute after start, then uploads never attached every 15 minutes and, every hour, held
 * uploads whose holder is gone (`holders`: the modules' `holdsUploads`) and stray files, on this
 * node. Stopped when the server closes.
 */
export function startSweeper(ctx: Ctx, holders: readonly SQL[], log: (err: unknown) => void): () => void {
  let runs = 0;
  const perHour = SWEEP_EVERY_MS / UNATTACHED_SWEEP_EVERY_MS;
  const run = () => {
    const full = runs++ % perHour === 0;
    sweepOrphanUploads(ctx)
      .then(() => (full ? sweepReleasedUploads(ctx, holders) : 0))
      .then(() => (full ? sweepStrayFiles(ctx) : 0))
      .catch(log);
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, UNATTACHED_SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
