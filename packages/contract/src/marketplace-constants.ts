/** Limits of the marketplace, without zod: the web pages import them without the schemas. */
export const MARKETPLACE_LIMITS = {
  titleMax: 120,
  /** Characters of the seller's plain-text description. */
  descriptionMax: 5_000,
  searchMax: 100,
  /** Photos of one listing. */
  photosMax: 6,
  /** Highest price in the app's currency (major units). */
  priceMax: 10_000_000,
  /** Listings per page of the list (the client's choice; the server takes any `per-page`). */
  perPage: 20,
} as const;

/**
 * The photo upload: `POST /marketplace/:app_module_id/uploads`, multipart, one image in field `file`
 * (the content kit's upload: type read from the bytes, the app's size limit), then named by id in
 * `photo_ids` of a listing.
 */
export const MARKETPLACE_UPLOAD = {
  path: '/marketplace/:app_module_id/uploads',
  field: 'file',
  images: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;
