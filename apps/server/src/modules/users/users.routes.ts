import { myProfile, usersEndpoints } from '@app/contract/schemas/users';
import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import {
  AVATAR_MAX_BYTES,
  getMyProfile,
  getPublicProfile,
  getSettings,
  relatedList,
  saveAvatar,
  updateMyProfile,
} from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: true };
  const tags = ['users'];

  route(app, usersEndpoints.relatedList, async ({ query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await relatedList(app.ctx, scopeOf(req), query.entity, query.id, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, usersEndpoints.settings, (_in, req) => getSettings(app.ctx, scopeOf(req)));
  route(app, usersEndpoints.myProfile, (_in, req) => getMyProfile(app.ctx, scopeOf(req)));
  route(app, usersEndpoints.updateProfile, ({ body }, req) => updateMyProfile(app.ctx, scopeOf(req), body));
  route(app, usersEndpoints.publicProfile, ({ params }, req) => getPublicProfile(app.ctx, scopeOf(req), params.id));

  r.post(
    '/user/avatar',
    {
      // Per member: decoding and re-encoding an image is the most expensive thing a member can ask for.
      config: { ...auth, ...perMemberLimit(app.ctx, 'avatar', app.ctx.config.rateLimit.uploads) },
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field `avatar`)',
        consumes: ['multipart/form-data'],
        response: { 200: myProfile },
      },
    },
    async (req) => {
      const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1 } }).catch(() => undefined);
      if (!file) throw fieldError('avatar', 'profile.errors.avatarType');
      const data = await file.toBuffer().catch(() => undefined);
      if (!data || file.file.truncated) throw fieldError('avatar', 'profile.errors.avatarTooLarge');
      return saveAvatar(app.ctx, scopeOf(req), data);
    },
  );
}
