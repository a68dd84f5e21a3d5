import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
/**
 * Marketplace (spec 3 §2 "Marketplace"): items members offer, under `/marketplace/:app_module_id/…`
 * of a marketplace module of the caller's app. Members search the list, open an item, copy its link,
 * report it, contact the seller (a private chat), and list, edit and delete their own items with
 * photos; the app owner may delete any (docs/decisions.md "Marketplace").
 */
import { MARKETPLACE_LIMITS, MARKETPLACE_UPLOAD } from '../marketplace-constants.ts';
import { appModuleParam, moduleId, okBody, pageQuery } from './common.ts';
import { attachment } from './content.ts';

export { MARKETPLACE_LIMITS, MARKETPLACE_UPLOAD };

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const listingParams = z.object({ app_module_id: moduleId, id }).strict();

export const listingListQuery = pageQuery
  .extend({
    search: z.string().trim().max(MARKETPLACE_LIMITS.searchMax, { error: 'marketplace.errors.searchTooLong' }).optional(),
  })
  .strict();

export const seller = z.object({ id: z.number().int(), fullname: z.string(), avatar: z.string().nullable() });
export type Seller = z.infer<typeof seller>;

/** A listing as the list shows it. */
export const listing = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  title: z.string(),
  /** Minor units (cents) of the app's currency; null: price on request. */
  price_cents: z.number().int().nullable(),
  /** The first photo (signed, expiring url), if any. */
  photo: z.string().nullable(),
  /** The description's first words, as plain text. */
  summary: z.string(),
  seller,
  created_at: z.string(),
});
export type Listing = z.infer<typeof listing>;

/** A listing with its whole description, photos and the reader's rights and marks. */
export const listingDetail = listing.extend({
  /** Sanitised HTML (paragraphs of the seller's text). */
  description: z.string(),
  /** The seller's text as written, for the edit form. */
  description_text: z.string(),
  photos: z.array(attachment),
  updated_at: z.string(),
  /** The reader is the seller: may edit and delete. */
  mine: z.boolean(),
  /** The reader may delete it (the seller or the app owner). */
  can_delete: z.boolean(),
  /** The reader reported it. */
  reported: z.boolean(),
});
export type ListingDetail = z.infer<typeof listingDetail>;

/** At most two decimals (cents). */
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const listingInput = z
  .object({
    title: z
      .string({ error: 'marketplace.errors.titleRequired' })
      .trim()
      .min(1, { error: 'marketplace.errors.titleRequired' })
      .max(MARKETPLACE_LIMITS.titleMax, { error: 'marketplace.errors.titleTooLong' }),
    /** Plain text; blank lines make paragraphs. */
    description: z
      .string({ error: 'marketplace.errors.descriptionInvalid' })
      .trim()
      .max(MARKETPLACE_LIMITS.descriptionMax, { error: 'marketplace.errors.descriptionTooLong' })
      .default(''),
    /** In the app's currency (major units, two decimals at most); null: price on request. */
    price: z
      .number({ error: 'marketplace.errors.priceInvalid' })
      .min(0, { error: 'marketplace.errors.priceInvalid' })
      .max(MARKETPLACE_LIMITS.priceMax, { error: 'marketplace.errors.priceTooHigh' })
      .refine(twoDecimals, { error: 'marketplace.errors.priceInvalid' })
      .nullable()
      .default(null),
    /** The seller's uploads (MARKETPLACE_UPLOAD), in the order shown (the first is the cover), each once; replaces the listing's photos. */
    photo_ids: z
      .array(id, { error: 'marketplace.errors.photoGone' })
      .max(MARKETPLACE_LIMITS.photosMax, { error: 'marketplace.errors.tooManyPhotos' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'marketplace.errors.photoTwice' })
      .default([]),
  })
  .strict();
export type ListingInput = z.input<typeof listingInput>;

/** What changed in a marketplace module: members of the app refetch what shows it. */
export interface MarketplaceChange {
  app_module_id: number;
  item_id: number;
  what: 'created' | 'updated' | 'deleted';
}

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    marketplaceChanged: (payload: MarketplaceChange) => void;
  }
}

const tag = 'marketplace';
export const marketplaceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/marketplace/:app_module_id/items',
    params: appModuleParam,
    query: listingListQuery,
    response: z.array(listing),
    tag,
    summary: 'Listings of a marketplace module, newest first; search by any word (prefix) of title or description',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/marketplace/:app_module_id/items/:id',
    params: listingParams,
    response: listingDetail,
    tag,
    summary: 'A listing with its description, photos and seller',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/marketplace/:app_module_id/items',
    params: appModuleParam,
    body: listingInput,
    response: listingDetail,
    tag,
    summary: 'Offer an item (photos uploaded first)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/marketplace/:app_module_id/items/:id',
    params: listingParams,
    body: listingInput,
    response: listingDetail,
    tag,
    summary: 'Edit your listing (photo_ids replaces its photos)',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/marketplace/:app_module_id/items/:id',
    params: listingParams,
    response: okBody,
    tag,
    summary: 'Delete a listing (its seller or the app owner)',
  }),
  flag: defineEndpoint({
    method: 'POST',
    path: '/marketplace/:app_module_id/items/:id/flag',
    params: listingParams,
    response: okBody,
    tag,
    summary: 'Report a listing (once per member however often asked)',
  }),
};
