/** Limits of the social wall, without zod: the web page imports them without the schemas. */
export const FEED_URL_MAX = 2_000;
