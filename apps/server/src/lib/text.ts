/**
 * Lone UTF-16 surrogates become U+FFFD, as a text parameter stores them. Writes that send their
 * values inside one JSON parameter (batched statements) need it: jsonb refuses "\ud800".
 */
export const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

/** One line for a mail header or a name: control and line-separator characters become a space. */
export const oneLine = (s: string) => s.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

/** Plain text on one line, at most `max` characters (an ellipsis when cut): excerpts for lists. */
export const excerpt = (s: string, max: number) => {
  const line = oneLine(s);
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

/** Text for an HTML attribute value or element content: the five characters that could end either, as numeric references. */
export const escAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
