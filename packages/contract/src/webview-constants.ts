/** Limits of the webview, without zod: the web page imports them without the schemas. */

/** Longest address the owner may set (browsers handle far more; a menu setting needs no more). */
export const WEBVIEW_URL_MAX = 2000;
