import type { Attachment } from '@app/contract/schemas/content';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { receiveUpload, removeFiles } from '../content/content.uploads.ts';
import { dropFreeUpload } from './marketplace.queries.ts';

/**
 * A listing's photo: the content kit's upload (bytes sniffed, re-encoded, the app's size limit);
 * a PDF or ZIP, which that upload takes for posts, is deleted again and refused (422 on `file`).
 */
export async function receivePhoto(ctx: Ctx, scope: Scope, req: FastifyRequest): Promise<Attachment> {
  const a = await receiveUpload(ctx, scope, req);
  if (a.is_image) return a;
  await removeFiles(ctx, await dropFreeUpload(ctx.db, scope.tenant.id, scope.user.id, a.id));
  throw fieldError('file', 'marketplace.errors.photoNotImage');
}
