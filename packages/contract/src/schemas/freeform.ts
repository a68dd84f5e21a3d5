import { z } from 'zod';
/**
 * Free-form page (spec 2 §2): a module's one page of rich content (spec 1 §2.5 blocks), stored
 * sanitised on the server and rendered as-is, under `/freeform/:app_module_id/page`.
 */
import { defineEndpoint } from '../endpoint.ts';
import { appModuleParam } from './common.ts';

export const freeformPage = z.object({
  app_module_id: z.number().int(),
  /** Sanitised HTML of the rich-text vocabulary; empty when the page has no content yet. */
  html: z.string(),
  updated_at: z.string().nullable(),
});
export type FreeformPage = z.infer<typeof freeformPage>;

export const freeformEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/freeform/:app_module_id/page',
    params: appModuleParam,
    response: freeformPage,
    tag: 'freeform',
    summary: "The module's page of rich content",
  }),
};

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /** An organiser saved the module's page: to the whole app, so an open page reads it again. */
    freeformPage: (p: { app_module_id: number; updated_at: string }) => void;
  }
}
