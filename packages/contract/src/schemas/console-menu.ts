import { z } from 'zod';
import { MODULE_TYPES } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { WEBVIEW_URL_MAX } from '../webview-constants.ts';
import { CONSOLE_API, consoleAppParams } from './console.ts';

/**
 * The console's menu editor (issue 22 "Menu editor"): the app's modules in order, active and
 * hidden, each with its settings and how much content it holds; add, rename, choose an icon,
 * hide or show, change settings, reorder, remove. Owners of the app and operators only.
 * Messages are keys of the `console-menu` namespace.
 */

/**
 * The icons an organiser may choose for a menu entry: those the attendee app draws
 * (apps/web/src/ui/icon.tsx; a test checks every name is drawn there). A module's own type is its
 * default icon.
 */
export const MENU_ICONS = [
  ...MODULE_TYPES,
  'bell',
  'mail',
  'globe',
  'pin',
  'image',
  'video',
  'link',
  'lock',
  'inbox',
  'camera',
  'table',
  'quote',
  'search',
  'check',
  'alert',
  'external',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

export const MENU_NAME_MAX = 60;

export const moduleType = z.enum(MODULE_TYPES, { error: 'console-menu.errors.type' });
export const menuIcon = z.enum(MENU_ICONS, { error: 'console-menu.errors.icon' });
export const menuName = z
  .string({ error: 'console-menu.errors.nameRequired' })
  .trim()
  .min(1, { error: 'console-menu.errors.nameRequired' })
  .max(MENU_NAME_MAX, { error: 'console-menu.errors.nameTooLong' });

/**
 * The settings a module type has (`app_modules.params`), as the organiser sends them: a key set to
 * null removes the setting. Keys not listed are refused (422 on `params.<key>`). The server checks
 * addresses as the modules read them (http or https with a host, no credentials).
 */
const url = z
  .string({ error: 'console-menu.errors.url' })
  .trim()
  .max(WEBVIEW_URL_MAX, { error: 'console-menu.errors.urlTooLong' })
  .nullable();
export const MODULE_SETTINGS = {
  /** The external site the module opens. */
  webview: z.object({ url }).partial(),
  /** The social wall's source: an RSS or Atom feed address. */
  twitter: z.object({ url }).partial(),
  /** Where "I want to buy" mails go for items that name no contact of their own. */
  catalog: z
    .object({
      contact_email: z
        .string({ error: 'console-menu.errors.email' })
        .trim()
        .max(254, { error: 'console-menu.errors.email' })
        .pipe(z.email({ error: 'console-menu.errors.email' }))
        .transform((v) => v.toLowerCase())
        .nullable(),
    })
    .partial(),
} as const satisfies Partial<Record<(typeof MODULE_TYPES)[number], z.ZodObject>>;

/** What a module holds that removing it deletes (its content's kinds, each counted). */
export const menuContentKind = z.enum([
  'posts',
  'comments',
  'items',
  'events',
  'registrations',
  'sessions',
  'speakers',
  'chats',
  'messages',
  'resources',
  'pages',
]);
export type MenuContentKind = z.infer<typeof menuContentKind>;
export const menuContent = z.array(z.object({ kind: menuContentKind, count: z.number().int() }));
export type MenuContent = z.infer<typeof menuContent>;

export const consoleMenuModule = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  icon_name: z.string(),
  position: z.number().int(),
  is_active: z.boolean(),
  /** The module's settings as stored (see MODULE_SETTINGS for those the console edits). */
  params: z.record(z.string(), z.unknown()),
  /** What removing it would delete; empty when it holds nothing of its own. */
  content: menuContent,
});
export type ConsoleMenuModule = z.infer<typeof consoleMenuModule>;

export const consoleMenu = z.object({ modules: z.array(consoleMenuModule) });
export type ConsoleMenu = z.infer<typeof consoleMenu>;

export const consoleModuleParams = consoleAppParams.extend({ module_id: z.coerce.number().int().positive() }).strict();

/** A new module at the end of the menu; its name defaults to the type's name in the app's language, its icon to the type. */
export const addModuleBody = z.object({ type: moduleType, name: menuName.optional(), icon_name: menuIcon.optional() }).strict();
export type AddModuleBody = z.infer<typeof addModuleBody>;

/** A change to one module: any of its name, icon, visibility and settings. */
export const updateModuleBody = z
  .object({
    name: menuName.optional(),
    icon_name: menuIcon.optional(),
    is_active: z.boolean({ error: 'console-menu.errors.invalid' }).optional(),
    params: z.record(z.string().max(64), z.unknown()).optional(),
  })
  .strict();
export type UpdateModuleBody = z.infer<typeof updateModuleBody>;

/** The new order: every module id of the app exactly once. */
export const reorderBody = z
  .object({
    ids: z.array(z.number({ error: 'console-menu.errors.order' }).int().positive(), { error: 'console-menu.errors.order' }).max(500),
  })
  .strict();
export type ReorderBody = z.infer<typeof reorderBody>;

export const removedModule = z.object({ id: z.number().int(), type: z.string(), name: z.string(), content: menuContent });
export type RemovedModule = z.infer<typeof removedModule>;

const menuPath = `${CONSOLE_API}/apps/:app_id/menu`;

export const consoleMenuEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: menuPath,
    params: consoleAppParams,
    response: consoleMenu,
    tag: 'console',
    summary: "The app's modules in menu order, hidden ones too, with their settings and content counts",
  }),
  add: defineEndpoint({
    method: 'POST',
    path: menuPath,
    params: consoleAppParams,
    body: addModuleBody,
    response: consoleMenuModule,
    tag: 'console',
    summary: 'Adds a module of any type at the end of the menu',
  }),
  reorder: defineEndpoint({
    method: 'PUT',
    path: `${menuPath}/order`,
    params: consoleAppParams,
    body: reorderBody,
    response: consoleMenu,
    tag: 'console',
    summary: 'Puts the modules in the order given (every id of the app exactly once)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${menuPath}/:module_id`,
    params: consoleModuleParams,
    body: updateModuleBody,
    response: consoleMenuModule,
    tag: 'console',
    summary: 'Renames a module, changes its icon, hides or shows it, or changes its settings',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${menuPath}/:module_id`,
    params: consoleModuleParams,
    response: removedModule,
    tag: 'console',
    summary: 'Removes a module and everything it holds; answers what was removed',
  }),
};
