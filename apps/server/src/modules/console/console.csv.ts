/**
 * One CSV cell of the console's exports: quoted when it holds a quote, a separator (`,` or the `;`
 * of spreadsheets in many locales), an apostrophe or a line break (quotes doubled); a cell a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets a
 * leading apostrophe, as OWASP's CSV injection advice says.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let v = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",;\r\n']/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** One CSV line (CRLF, as RFC 4180 says). */
export const csvLine = (cells: Array<string | number | boolean | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;
