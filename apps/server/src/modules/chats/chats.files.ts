// The files of chat messages by URL (docs/decisions.md "Chats"): each URL is signed for one reader
// and one chat, and serving it checks that the reader is still a member of that chat, so a member
// who left or was removed (or whose account is gone) cannot open the chat's files any more, however
// long the signature would still run.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findSecret, putSecretOnce } from '../apps/apps.queries.ts';
import { currentExpiry } from '../content/content.uploads.ts';

/** Where a chat's files are served (under /files/: never taken for a page of the web app). */
export const CHAT_FILES_PATH = '/files/chat/:id';

/** A file URL for one reader: `(chat id, upload id) => url`. */
export type Sign = (chatId: number, uploadId: number) => string;

/** Browsers keep a file at most this long: a member removed meanwhile is refused on the next load. */
export const CHAT_FILE_MAX_AGE_S = 300;

const secrets = new WeakMap<Db, Promise<Buffer>>();
function secretOf(db: Db): Promise<Buffer> {
  let s = secrets.get(db);
  if (!s) {
    s = (async () =>
      Buffer.from((await findSecret(db, 'chat-files')) ?? (await putSecretOnce(db, 'chat-files', randomUUID() + randomUUID()))))();
    s.catch(() => secrets.delete(db));
    secrets.set(db, s);
  }
  return s;
}

const mac = (key: Buffer, id: number, chatId: number, userId: number, exp: number) =>
  createHmac('sha256', key).update(`chat-file:${id}:${chatId}:${userId}:${exp}`).digest('base64url');

/** Signers for several readers (a message's event, one per member): one secret lookup, one expiry (the content kit's). */
export async function readerSigners(ctx: Pick<Ctx, 'db'>, now = Date.now()): Promise<(userId: number) => Sign> {
  const key = await secretOf(ctx.db);
  const exp = currentExpiry(now);
  return (userId) => (chatId, id) => `/files/chat/${id}?c=${chatId}&u=${userId}&exp=${exp}&sig=${mac(key, id, chatId, userId, exp)}`;
}

/** A signer for one reader's answer. */
export async function fileSigner(ctx: Pick<Ctx, 'db'>, userId: number, now = Date.now()): Promise<Sign> {
  return (await readerSigners(ctx, now))(userId);
}

/** Whether a chat file URL was signed by us for this file, chat and reader, and is not expired. */
export async function validSignature(
  ctx: Pick<Ctx, 'db'>,
  q: { id: number; c: number; u: number; exp: number; sig: string },
): Promise<boolean> {
  if (q.exp <= Math.floor(Date.now() / 1000)) return false;
  const expected = Buffer.from(mac(await secretOf(ctx.db), q.id, q.c, q.u, q.exp));
  const given = Buffer.from(q.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
