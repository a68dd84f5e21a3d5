import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { RESOURCE_TYPES, RESOURCES_LIMITS } from '../resources-constants.ts';
import { okBody } from './common.ts';
import { CONSOLE_API } from './console.ts';
import { attachment } from './content.ts';

/**
 * The console's "Resources" area (owners of the app and operators): the folders, files, images and
 * links of one resources module, their order within a folder, hiding and deletion. Messages are
 * i18n keys of the `console-resources` namespace (and `resources.errors.*`).
 */

export const RESOURCES_DESCRIPTION_MAX = 500;
/** Multipart field of an upload. */
export const CONSOLE_RESOURCES_UPLOAD_FIELD = 'file';

const idNumber = z.coerce.number().int().positive().max(2_147_483_647);
export const resourcesModuleParams = z.object({ app_id: idNumber, app_module_id: idNumber }).strict();
export const resourcesItemParams = z.object({ app_id: idNumber, app_module_id: idNumber, id: idNumber }).strict();

export const consoleResourceItem = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  folder_id: z.number().int().nullable(),
  type: z.enum(RESOURCE_TYPES),
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  file: z.object({ name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
  /** False: hidden from members. */
  active: z.boolean(),
  /** The order within its folder (then newest first). */
  position: z.number().int(),
  created_at: z.string(),
});
export type ConsoleResourceItem = z.infer<typeof consoleResourceItem>;

const title = z
  .string()
  .trim()
  .min(1, { error: 'resources.errors.titleRequired' })
  .max(RESOURCES_LIMITS.titleMax, { error: 'resources.errors.titleTooLong' });
const description = z.string().trim().max(RESOURCES_DESCRIPTION_MAX, { error: 'common.errors.tooLong' });
const url = z
  .string()
  .trim()
  .max(RESOURCES_LIMITS.urlMax, { error: 'resources.errors.urlInvalid' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
      } catch {
        return false;
      }
    },
    { error: 'resources.errors.urlInvalid' },
  );

export const consoleResourceInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('folder'), title, description: description.default('') }).strict(),
  z
    .object({ type: z.literal('link'), title, description: description.default(''), url, folder_id: idNumber.nullable().optional() })
    .strict(),
  /** An upload of this area's upload call: an image becomes an image item, anything else a file. */
  z
    .object({
      type: z.literal('file'),
      upload_id: idNumber,
      /** Blank: the file's name. */
      title: z.string().trim().max(RESOURCES_LIMITS.titleMax, { error: 'resources.errors.titleTooLong' }).optional(),
      description: description.default(''),
      folder_id: idNumber.nullable().optional(),
    })
    .strict(),
]);
export type ConsoleResourceInput = z.input<typeof consoleResourceInput>;
export type ConsoleResourceCreate = z.output<typeof consoleResourceInput>;

export const consoleResourceUpdate = z
  .object({ title: title.optional(), description: description.optional(), url: url.optional(), active: z.boolean().optional() })
  .strict();
export type ConsoleResourceUpdate = z.input<typeof consoleResourceUpdate>;

export const consoleResourceMove = z.object({ direction: z.enum(['up', 'down']) }).strict();

const base = `${CONSOLE_API}/apps/:app_id/resources/:app_module_id(^\\d+$)`;
const one = `${base}/items/:id(^\\d+$)`;
const tag = 'console';
export const CONSOLE_RESOURCES_UPLOAD_PATH = `${base}/uploads`;
export { attachment };

export const consoleResourcesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${base}/items`,
    params: resourcesModuleParams,
    response: z.array(consoleResourceItem),
    tag,
    summary: 'Every folder and item of a resources module, hidden ones included, in the members’ order (position, then newest)',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${base}/items`,
    params: resourcesModuleParams,
    body: consoleResourceInput,
    response: consoleResourceItem,
    tag,
    summary: 'Adds a folder (at the root), a link, or an uploaded file or image (at the root or into a folder), first in its folder',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: one,
    params: resourcesItemParams,
    body: consoleResourceUpdate,
    response: consoleResourceItem,
    tag,
    summary: 'Changes an item’s title, description, link, or hides or shows it',
  }),
  move: defineEndpoint({
    method: 'POST',
    path: `${one}/move`,
    params: resourcesItemParams,
    body: consoleResourceMove,
    response: z.array(consoleResourceItem),
    tag,
    summary: 'Moves an item one place up or down within its folder; answers the folder’s items in their new order',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: one,
    params: resourcesItemParams,
    response: okBody,
    tag,
    summary: 'Deletes an item; a folder with everything in it',
  }),
};
