import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { moduleId } from './common.ts';
import { NETWORKER_LISTS, NETWORKING_LEVELS, networker } from './networking-hub.ts';

/**
 * The hub's six networker lists (spec 3 §2, §4; docs/decisions.md "Networking hub: the lists"):
 * All, New (ranked by how well two profiles match, each card saying why), Shortlisted, Skipped,
 * Contacted and Connected, with a search, the shared filter bar (interest, company, level) and a
 * cursor for infinite scroll.
 */
export const NETWORKER_LIST_LIMITS = { searchMax: 100, filterValueMax: 100, filterValuesShown: 40, perPageDefault: 20 } as const;

export const networkerListName = z.enum(NETWORKER_LISTS);

const value = z.string().trim().max(NETWORKER_LIST_LIMITS.filterValueMax, { error: 'networking-lists.errors.tooLong' }).optional();

export const networkerListQuery = z
  .object({
    /** Every word a word prefix of the name, job title, company or a tag. */
    q: z.string().trim().max(NETWORKER_LIST_LIMITS.searchMax, { error: 'networking-lists.errors.tooLong' }).optional(),
    /** A tag of interested in / expert in / looking for / topics (lowercase id from the filters call). */
    interest: value,
    /** A company (lowercase id from the filters call). */
    company: value,
    level: z.coerce
      .number()
      .int()
      .min(1, { error: 'networking-lists.errors.level' })
      .max(NETWORKING_LEVELS.length, { error: 'networking-lists.errors.level' })
      .optional(),
    /** Where the previous page ended (its `next`). */
    cursor: z.string().max(200, { error: 'networking-lists.errors.cursor' }).optional(),
    'per-page': z.coerce.number().int().min(1).max(LIMITS.perPageMax).default(NETWORKER_LIST_LIMITS.perPageDefault),
  })
  .strict();
export type NetworkerListQuery = z.infer<typeof networkerListQuery>;

export const networkerPage = z.object({
  items: z.array(networker),
  /** The cursor of the next page, null at the end. */
  next: z.string().nullable(),
  /** How many the list holds with this search and these filters. */
  total: z.number().int(),
});
export type NetworkerPage = z.infer<typeof networkerPage>;

const facet = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
/** What the filter bar offers: the most frequent interests and companies of the listed members, and the levels. */
export const networkerFilters = z.object({
  interests: z.array(facet),
  companies: z.array(facet),
  levels: z.array(z.object({ id: z.number().int(), count: z.number().int() })),
});
export type NetworkerFilters = z.infer<typeof networkerFilters>;

const tag = 'networking';
export const networkingListsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/lists/:list',
    params: z.object({ app_module_id: moduleId, list: networkerListName }).strict(),
    query: networkerListQuery,
    response: networkerPage,
    tag,
    summary: 'One of the six networker lists (all, new, liked, skipped, contacted, connected), searched and filtered, by cursor',
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/lists/filters',
    params: z.object({ app_module_id: moduleId }).strict(),
    response: networkerFilters,
    tag,
    summary: 'The interests, companies and levels the networker lists can be filtered by, most frequent first',
  }),
};
