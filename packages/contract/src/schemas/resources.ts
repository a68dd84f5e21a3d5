import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
/**
 * Resources (spec 3 §2 "Resources"): folders, files, images and links of a resources module, under
 * `/resources/:app_module_id/…`. The app owner makes folders; every member adds files, images
 * (through the content kit's upload, RESOURCES_UPLOAD) and links at the root or into a folder. The
 * one who added an item and the app owner are its owners: they rename, hide and delete it. A hidden
 * item is seen by its owners only (docs/decisions.md "Resources").
 */
import { RESOURCE_TYPES, RESOURCES_LIMITS, RESOURCES_UPLOAD } from '../resources-constants.ts';
import { appModuleParam, moduleId, okBody, pageQuery } from './common.ts';

export { RESOURCE_TYPES, RESOURCES_LIMITS, RESOURCES_UPLOAD };

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const resourceParams = z.object({ app_module_id: moduleId, id }).strict();

export const resourceListQuery = pageQuery
  .extend({
    /** The folder whose contents are listed; absent: the root. Ignored with a search. */
    folder_id: id.optional(),
    /** Words of titles, searched in every folder. */
    search: z.string().trim().max(RESOURCES_LIMITS.searchMax, { error: 'resources.errors.searchTooLong' }).optional(),
  })
  .strict();

export const resourceFile = z.object({
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const resourceItem = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  folder_id: z.number().int().nullable(),
  /** Title of the folder it is in. */
  folder_title: z.string().nullable(),
  type: z.enum(RESOURCE_TYPES),
  title: z.string(),
  /** A line under the title (plain text, the organiser's). */
  description: z.string(),
  /** The organiser's order within its folder (lists: position, then newest first). */
  position: z.number().int(),
  /** A link's target. */
  url: z.string().nullable(),
  /** A file's or image's stored file; its bytes come from the `file` call. */
  file: resourceFile.nullable(),
  /** A folder's items the reader sees. */
  files_count: z.number().int().nullable(),
  /** False: hidden ("Inactive"), only its owners get it. */
  active: z.boolean(),
  /** The reader is an owner: may rename, hide and delete it. */
  can_manage: z.boolean(),
  /** Who added it. */
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  updated_at: z.string(),
});
export type ResourceItem = z.infer<typeof resourceItem>;

const title = z
  .string()
  .trim()
  .min(1, { error: 'resources.errors.titleRequired' })
  .max(RESOURCES_LIMITS.titleMax, { error: 'resources.errors.titleTooLong' });

const url = z
  .string()
  .trim()
  .min(1, { error: 'resources.errors.urlInvalid' })
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

export const resourceInput = z.discriminatedUnion('type', [
  /** A folder at the root (app owner only). */
  z.object({ type: z.literal('folder'), title }).strict(),
  z.object({ type: z.literal('link'), title, url, folder_id: id.nullable().optional() }).strict(),
  /** An upload of the caller (RESOURCES_UPLOAD): an image becomes an image item, anything else a file. */
  z
    .object({
      type: z.literal('file'),
      upload_id: id,
      /** Absent or blank: the file's name. */
      title: z.string().trim().max(RESOURCES_LIMITS.titleMax, { error: 'resources.errors.titleTooLong' }).optional(),
      folder_id: id.nullable().optional(),
    })
    .strict(),
]);
export type ResourceInput = z.input<typeof resourceInput>;
/** The input as the server has it, parsed. */
export type ResourceCreate = z.output<typeof resourceInput>;

export const resourceUpdate = z
  .object({
    title: title.optional(),
    /** False hides the item ("Inactive"), true shows it again. */
    active: z.boolean().optional(),
  })
  .strict();
export type ResourceUpdate = z.input<typeof resourceUpdate>;

export const resourcesWatch = z.object({ app_module_id: moduleId, watch: z.boolean() }).strict();

const tag = 'resources';
export const resourcesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/resources/:app_module_id/items',
    params: appModuleParam,
    query: resourceListQuery,
    response: z.array(resourceItem),
    tag,
    summary:
      "Folders and items of the root or a folder in the organiser's order (position, then newest first); or a title search through every folder",
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/resources/:app_module_id/items/:id',
    params: resourceParams,
    response: resourceItem,
    tag,
    summary: 'A folder, file, image or link',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/resources/:app_module_id/items',
    params: appModuleParam,
    body: resourceInput,
    response: resourceItem,
    tag,
    summary: 'Add a folder (app owner), a link, or an uploaded file or image, at the root or into a folder',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/resources/:app_module_id/items/:id',
    params: resourceParams,
    body: resourceUpdate,
    response: resourceItem,
    tag,
    summary: "Rename, hide or show an item (its owners: who added it and the app's owner)",
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/resources/:app_module_id/items/:id',
    params: resourceParams,
    response: okBody,
    tag,
    summary: 'Delete an item, a folder with its contents (its owners)',
  }),
};

declare module '../realtime.ts' {
  interface ClientToServerEvents {
    /** Start or stop receiving a resources module's changes (one of its screens is open). */
    resourcesWatch: (p: z.input<typeof resourcesWatch>) => void;
  }
  interface ServerToClientEvents {
    /**
     * An item was added, renamed or shown again (`item`, as a member who is not its owner sees it),
     * or hidden or deleted (`item` null): to the module's watchers. Owners refetch a hidden item.
     */
    resourceChanged: (p: {
      app_module_id: number;
      id: number;
      folder_id: number | null;
      item: ResourceItem | null;
      hidden: boolean;
    }) => void;
  }
}
