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

/**
 * The separator a CSV file uses, told from its header line: `;` when it has more semicolons than
 * commas (spreadsheets in many locales), else `,`. One scan of the first line.
 */
export function csvDelimiter(text: string): ',' | ';' {
  let semicolons = 0;
  let commas = 0;
  for (const ch of text) {
    if (ch === '\n') break;
    if (ch === ';') semicolons++;
    else if (ch === ',') commas++;
  }
  return semicolons > commas ? ';' : ',';
}
