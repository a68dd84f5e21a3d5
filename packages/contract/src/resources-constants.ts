/**
 * The constants of the resources module without zod, so that pages which only need a limit do not
 * load the schemas (packages/contract/src/schemas/resources.ts re-exports them).
 */
export const RESOURCES_LIMITS = {
  titleMax: 150,
  urlMax: 2_000,
  searchMax: 100,
  perPage: 50,
} as const;

export const RESOURCE_TYPES = ['folder', 'file', 'image', 'link'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** The upload call of a resources module: multipart, one file in field `file` (the content kit's rules). */
export const RESOURCES_UPLOAD = { path: '/resources/:app_module_id/uploads', field: 'file' } as const;
