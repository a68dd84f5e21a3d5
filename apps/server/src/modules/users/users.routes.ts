import { myProfile, usersEndpoints } from '@app/contract/schemas/users';
import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors.ts';
import { setPageHeaders } from '../../lib/pagination.ts';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { chargeUpload } from '../../platform/upload-budget.ts';
import { favoritesPage, flagUser, getNote, getUserProfile, putNote, setFavorite } from './profiles.service.ts';
import {
  AVATAR_MAX_BYTES,
  getMyProfile,
  getPublicProfile,
  getSettings,
  PHOTO_MAX_BYTES,
  relatedList,
  removeAvatar,
  removePhoto,
  saveAvatar,
  savePhoto,
  updateMyProfile,
  updatePreferences,
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
  route(
    app,
    usersEndpoints.updateProfile,
    ({ body }, req) => updateMyProfile(app.ctx, scopeOf(req), body),
    perMemberLimit(app.ctx, 'profile'),
  );
  route(app, usersEndpoints.publicProfile, ({ params }, req) => getPublicProfile(app.ctx, scopeOf(req), params.id));
  const writes = perMemberLimit(app.ctx, 'profile');
  route(app, usersEndpoints.profile, ({ params }, req) => getUserProfile(app.ctx, scopeOf(req), params.id));
  route(app, usersEndpoints.preferences, ({ body }, req) => updatePreferences(app.ctx, scopeOf(req), body), writes);
  route(app, usersEndpoints.favorites, async ({ query }, req, reply) => {
    const page = { page: query.page, perPage: query['per-page'] };
    const { items, total } = await favoritesPage(app.ctx, scopeOf(req), query.search, page);
    setPageHeaders(reply, page, total);
    return items;
  });
  route(app, usersEndpoints.addFavorite, ({ params }, req) => setFavorite(app.ctx, scopeOf(req), params.id, true), writes);
  route(app, usersEndpoints.removeFavorite, ({ params }, req) => setFavorite(app.ctx, scopeOf(req), params.id, false), writes);
  route(app, usersEndpoints.flag, ({ params }, req) => flagUser(app.ctx, scopeOf(req), params.id), writes);
  route(app, usersEndpoints.note, ({ params }, req) => getNote(app.ctx, scopeOf(req), params.id));
  route(app, usersEndpoints.saveNote, ({ params, body }, req) => putNote(app.ctx, scopeOf(req), params.id, body.text), writes);
  route(app, usersEndpoints.removeAvatar, ({ params }, req) => removeAvatar(app.ctx, scopeOf(req), params.id), writes);
  route(app, usersEndpoints.removePhoto, ({ params }, req) => removePhoto(app.ctx, scopeOf(req), params.id), writes);

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
      const scope = scopeOf(req);
      const settle = chargeUpload(app.ctx, scope, req, AVATAR_MAX_BYTES + 1);
      const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1 } }).catch(() => undefined);
      if (!file) throw fieldError('avatar', 'profile.errors.avatarType');
      const data = await file.toBuffer().catch(() => undefined);
      settle(data?.length ?? AVATAR_MAX_BYTES + 1);
      if (!data || file.file.truncated) throw fieldError('avatar', 'profile.errors.avatarTooLarge');
      return saveAvatar(app.ctx, scope, data);
    },
  );

  r.post(
    '/user/photo',
    {
      config: { ...auth, ...perMemberLimit(app.ctx, 'avatar', app.ctx.config.rateLimit.uploads) },
      schema: {
        tags,
        summary: 'Upload the profile photo (multipart field `photo`; longer side at most 1600 px)',
        consumes: ['multipart/form-data'],
        response: { 200: myProfile },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      const settle = chargeUpload(app.ctx, scope, req, PHOTO_MAX_BYTES + 1);
      const file = await req.file({ limits: { fileSize: PHOTO_MAX_BYTES + 1, files: 1 } }).catch(() => undefined);
      if (file?.fieldname !== 'photo') throw fieldError('photo', 'profile.errors.avatarType');
      const data = await file.toBuffer().catch(() => undefined);
      settle(data?.length ?? PHOTO_MAX_BYTES + 1);
      if (!data || file.file.truncated) throw fieldError('photo', 'profile.errors.contentSize');
      return savePhoto(app.ctx, scope, data);
    },
  );
}
