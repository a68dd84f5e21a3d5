import { z } from 'zod';
/**
 * Webview (spec 3 "Other modules"): a module that opens the app owner's external site in a new
 * window after asking. Its address is a setting of the module (`app_modules.params.url`); only
 * http and https addresses are ever answered.
 */
import { defineEndpoint } from '../endpoint.ts';
import { WEBVIEW_URL_MAX } from '../webview-constants.ts';
import { appModuleParam } from './common.ts';

export { WEBVIEW_URL_MAX };

export const webviewUrl = z.object({
  app_module_id: z.number().int(),
  /** The external address, http or https; null while the owner has not set one. */
  url: z.string().nullable(),
});
export type WebviewUrl = z.infer<typeof webviewUrl>;

/** The owner's change; the server checks the address (422 on `url` for anything but http/https). */
export const webviewUrlInput = z.object({ url: z.string().max(10_000) }).strict();
export type WebviewUrlInput = z.infer<typeof webviewUrlInput>;

export const webviewEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/webview/:app_module_id/url',
    params: appModuleParam,
    response: webviewUrl,
    tag: 'webview',
    summary: "The module's external address (http or https), or null when none is set",
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/webview/:app_module_id/url',
    params: appModuleParam,
    body: webviewUrlInput,
    response: webviewUrl,
    tag: 'webview',
    summary: "The app owner changes the module's external address",
  }),
};

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /** The owner changed a webview's address: to the whole app, so an open page shows the new one. */
    webviewUrl: (p: WebviewUrl) => void;
  }
}
