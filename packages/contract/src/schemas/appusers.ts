import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { appModuleParam, profileField } from './common.ts';

/**
 * The user directory (spec 3 "Other modules" /appusers): the app's members who let themselves be
 * listed, searched by name, job title, company and interests, with filters, paginated.
 */
export const APPUSERS_LIMITS = { searchMax: 100, filterValueMax: 100, filterValuesShown: 40 } as const;

/** Spec 3 §3 User directory entry: id and a name/value profile list (plus what a card shows). */
export const directoryEntry = z.object({
  id: z.number().int(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
  is_favorite: z.boolean(),
  profile: z.array(profileField),
});
export type DirectoryEntry = z.infer<typeof directoryEntry>;
export const directoryList = z.array(directoryEntry);

const flag = z.enum(['1']).optional();
const value = z.string().trim().max(APPUSERS_LIMITS.filterValueMax, { error: 'common.errors.tooLong' }).optional();

/** `search` matches every word (a prefix of a word) of name, job title, company and interests. */
export const directoryQuery = z
  .object({
    search: z.string().trim().max(APPUSERS_LIMITS.searchMax, { error: 'common.errors.tooLong' }).optional(),
    company: value,
    interest: value,
    photo: flag,
    favorites: flag,
    page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
    'per-page': z.coerce.number().int().min(1).max(LIMITS.perPageMax).default(LIMITS.perPageDefault),
  })
  .strict();
export type DirectoryQuery = z.infer<typeof directoryQuery>;

const facet = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
/** The values the filter bar offers: the most frequent companies and interests of the listed members. */
export const directoryFilters = z.object({ companies: z.array(facet), interests: z.array(facet), total: z.number().int() });
export type DirectoryFilters = z.infer<typeof directoryFilters>;

export const appusersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/appusers/:app_module_id/users',
    params: appModuleParam,
    query: directoryQuery,
    response: directoryList,
    tag: 'appusers',
    summary: 'Members of the app by name, with search and filters (company, interest, has photo, my favorites); paginated',
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/appusers/:app_module_id/filters',
    params: appModuleParam,
    response: directoryFilters,
    tag: 'appusers',
    summary: 'The companies and interests the directory can be filtered by, most frequent first',
  }),
};
