import { z } from 'zod';
/**
 * Catalog (spec 2 §2 "Catalog and free-form"): the exhibitors, sponsors or products of a catalog
 * module, under `/catalog/:app_module_id/…` of a catalog module of the caller's app. Members search
 * the list, open an item, report it, and say they want to buy: the server mails the item's contact
 * (whose address never leaves the server) with the member's name and e-mail, once a day per member
 * and item (docs/decisions.md "Catalog and free-form page").
 */
import { CATALOG_LIMITS } from '../catalog-constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { appModuleParam, moduleId, okBody, pageQuery } from './common.ts';

export { CATALOG_LIMITS };

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const catalogItemParams = z.object({ app_module_id: moduleId, id }).strict();

export const catalogListQuery = pageQuery
  .extend({
    search: z.string().trim().max(CATALOG_LIMITS.searchMax, { error: 'catalog.errors.searchTooLong' }).optional(),
    /** Items of this category only (the filters the catalog offers: `categories`). */
    category: z.string().trim().max(200).optional(),
  })
  .strict();

/** A category of the module's items, with how many items it has: the catalog's filters. */
export const catalogCategory = z.object({ name: z.string(), count: z.number().int() });
export type CatalogCategory = z.infer<typeof catalogCategory>;

/** An item as the list shows it. */
export const catalogItem = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  /** Booth or location at the venue. */
  location: z.string().nullable(),
  logo: z.string().nullable(),
  /** The description's first words, as plain text. */
  summary: z.string(),
});
export type CatalogItem = z.infer<typeof catalogItem>;

/** An item with its whole description (sanitised rich text) and the reader's marks. */
export const catalogItemDetail = catalogItem.extend({
  description: z.string(),
  /** http(s) only. */
  website: z.string().nullable(),
  /** Whether the item takes want-to-buy requests (it has a contact). */
  can_buy: z.boolean(),
  /** The reader reported it. */
  reported: z.boolean(),
  /** The reader asked to buy within the last day (a new request sends no mail until then). */
  buy_requested: z.boolean(),
});
export type CatalogItemDetail = z.infer<typeof catalogItemDetail>;

export const wantToBuyInput = z
  .object({
    /** An optional note for the contact. */
    message: z.string().trim().max(CATALOG_LIMITS.noteMax, { error: 'catalog.errors.messageTooLong' }).optional(),
  })
  .strict();
export type WantToBuyInput = z.input<typeof wantToBuyInput>;

export const wantToBuyAnswer = z.object({
  success: z.literal(true),
  /** True when this member already asked for this item within a day: no second mail was sent. */
  already_sent: z.boolean(),
});
export type WantToBuyAnswer = z.infer<typeof wantToBuyAnswer>;

const tag = 'catalog';
export const catalogEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/catalog/:app_module_id/items',
    params: appModuleParam,
    query: catalogListQuery,
    response: z.array(catalogItem),
    tag,
    summary: 'Items of a catalog module by name; search by any word (prefix) of name, category, booth or description',
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/catalog/:app_module_id/categories',
    params: appModuleParam,
    response: z.array(catalogCategory),
    tag,
    summary: "The categories of the module's items by name, with their counts: the filters the catalog offers",
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/catalog/:app_module_id/items/:id',
    params: catalogItemParams,
    response: catalogItemDetail,
    tag,
    summary: 'An item with its description',
  }),
  flag: defineEndpoint({
    method: 'POST',
    path: '/catalog/:app_module_id/items/:id/flag',
    params: catalogItemParams,
    response: okBody,
    tag,
    summary: 'Report an item (once per member however often asked)',
  }),
  wantToBuy: defineEndpoint({
    method: 'POST',
    path: '/catalog/:app_module_id/items/:id/want-to-buy',
    params: catalogItemParams,
    body: wantToBuyInput,
    response: wantToBuyAnswer,
    tag,
    summary: "Tell the item's contact by e-mail that the member wants to buy (one mail per member, item and day)",
  }),
};

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /** The organisers changed a catalog module's items (console edit or import): its screens read them again. */
    catalogChanged: (p: { app_module_id: number }) => void;
  }
}
