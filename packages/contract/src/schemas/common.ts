import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/** One entry of a 422 answer; field `_popup` is a message for the whole form. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;
export const fieldErrors = z.array(fieldError);

/** Answer of every other 4xx/5xx. */
export const errorBody = z.object({ name: z.string(), message: z.string(), status: z.number().int() });
export type ErrorBody = z.infer<typeof errorBody>;

export const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
    'per-page': z.coerce.number().int().min(1).max(LIMITS.perPageMax).default(LIMITS.perPageDefault),
  })
  .strict();
export type PageQuery = z.infer<typeof pageQuery>;

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

/** A module id as it appears in a query string (`?module=12`). */
export const moduleId = z.coerce.number().int().positive().max(2_147_483_647);

/** `:app_module_id` of a module's routes (`/news/:app_module_id/...`). */
export const appModuleParam = z.object({ app_module_id: moduleId }).strict();

export const okBody = z.object({ success: z.literal(true) });

/** A name/value pair of a user's public profile (spec 1 §3 Related user). */
export const profileField = z.object({ name: z.string(), value: z.string().nullable() });
export type ProfileField = z.infer<typeof profileField>;

/**
 * An ISO 8601 instant with its offset that a calendar can hold: years 1970–2200 (PostgreSQL and
 * iCalendar refuse some that ISO allows, such as year 0 or 10000).
 */
export const calendarInstant = z.iso.datetime({ offset: true }).refine((v) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 1970 && year <= 2200;
});
