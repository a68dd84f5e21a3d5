/**
 * Lone UTF-16 surrogates become U+FFFD, as a text parameter stores them. Writes that send their
 * values inside one JSON parameter (batched statements) need it: jsonb refuses "\ud800".
 */
export const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');
