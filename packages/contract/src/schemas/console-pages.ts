import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CONSOLE_API } from './console.ts';
import { consoleModuleParams } from './console-menu.ts';

/**
 * The console's free-form pages (issue 25): the one page of rich content of a `freeform` module,
 * read and replaced by the app's owners and operators. The server sanitises the HTML to the rich
 * text vocabulary (spec 1 §2.5) and copies pictures from other sites into the app's uploads; open
 * attendee pages follow through the `freeformPage` socket event. Messages are keys of `console-pages`.
 */

/** Longest HTML accepted, in characters (the sanitiser's own default limit). */
export const PAGE_HTML_MAX = 100_000;

export const consolePage = z.object({
  module_id: z.number().int(),
  /** The module's name in the menu. */
  name: z.string(),
  /** Sanitised HTML; empty when the page has no content yet. */
  html: z.string(),
  updated_at: z.string().nullable(),
});
export type ConsolePage = z.infer<typeof consolePage>;

export const pageBody = z
  .object({
    html: z.string({ error: 'console-pages.errors.html' }).max(PAGE_HTML_MAX, { error: 'console-pages.errors.tooLong' }),
  })
  .strict();
export type PageBody = z.infer<typeof pageBody>;

const pagePath = `${CONSOLE_API}/apps/:app_id/pages/:module_id`;

export const consolePagesEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: pagePath,
    params: consoleModuleParams,
    response: consolePage,
    tag: 'console',
    summary: "A free-form module's page as stored (sanitised HTML)",
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: pagePath,
    params: consoleModuleParams,
    body: pageBody,
    response: consolePage,
    tag: 'console',
    summary: "Replaces a free-form module's page (sanitised; pictures from other sites copied); open attendee pages follow",
  }),
};
