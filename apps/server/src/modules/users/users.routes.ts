import {
  myProfile,
  profileUpdateBody,
  relatedListQuery,
  relatedList as relatedListSchema,
  relatedUser,
  userIdParam,
  userSettings,
} from '@app/contract/schemas/users';
import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
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

  r.get(
    '/user/related-list',
    { config: auth, schema: { tags, querystring: relatedListQuery, response: { 200: relatedListSchema } } },
    async (req, reply) => {
      const page = { page: req.query.page, perPage: req.query['per-page'] };
      const { items, total } = await relatedList(app.ctx, scopeOf(req), req.query.entity, req.query.id, page);
      setPageHeaders(reply, page, total);
      return items;
    },
  );

  r.get('/user/settings', { config: auth, schema: { tags, response: { 200: userSettings } } }, (req) => getSettings(app.ctx, scopeOf(req)));

  r.get('/user/profile', { config: auth, schema: { tags, response: { 200: myProfile } } }, (req) => getMyProfile(app.ctx, scopeOf(req)));

  r.put('/user/profile', { config: auth, schema: { tags, body: profileUpdateBody, response: { 200: myProfile } } }, (req) =>
    updateMyProfile(app.ctx, scopeOf(req), req.body),
  );

  r.post(
    '/user/avatar',
    {
      // Per member: decoding and re-encoding an image is the most expensive thing a member can ask for.
      config: {
        ...auth,
        rateLimit: {
          max: app.ctx.config.rateLimit.uploads,
          timeWindow: app.ctx.config.rateLimit.windowMs,
          keyGenerator: (req) => `avatar|${req.tenant?.id ?? '-'}|${req.user?.id ?? req.ip}`,
        },
      },
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

  r.get(
    '/user/:id(^\\d+$)',
    {
      config: auth,
      schema: { tags, summary: 'Public profile of a user of the same app', params: userIdParam, response: { 200: relatedUser } },
    },
    (req) => getPublicProfile(app.ctx, scopeOf(req), req.params.id),
  );
}
