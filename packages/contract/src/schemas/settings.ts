import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
/**
 * Settings (spec 3 "Settings and notifications"): share the app, notification choices per
 * category (in-app and push), contact the app owner or the developers (mailed by the server, the
 * addresses never reach the client), report the app, the owner's message to every member, and
 * account deletion with a data export (docs/decisions.md "Settings").
 */
import { NOTIFICATION_CATEGORIES } from '../notification-categories.ts';
import { SETTINGS_LIMITS } from '../settings-constants.ts';
import { appModuleParam, okBody } from './common.ts';

export { NOTIFICATION_CATEGORIES };
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export { SETTINGS_LIMITS };

const category = z.enum(NOTIFICATION_CATEGORIES, { error: 'settings.errors.category' });
const toggles = z.object({
  chats: z.boolean(),
  discussions: z.boolean(),
  news: z.boolean(),
  events: z.boolean(),
  admin: z.boolean(),
  blog: z.boolean(),
});
export type CategoryToggles = z.infer<typeof toggles>;

/** The member's choices: every category on unless turned off. */
export const notificationPreferences = z.object({ inapp: toggles, push: toggles });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const preferenceUpdate = z
  .object({
    channel: z.enum(['inapp', 'push'], { error: 'settings.errors.channel' }),
    category,
    enabled: z.boolean({ error: 'settings.errors.enabled' }),
  })
  .strict();
export type PreferenceUpdate = z.infer<typeof preferenceUpdate>;

/** What the settings screen needs to know of the reader. */
export const settingsInfo = z.object({
  /** The app owner sees the form to message every member. */
  is_app_owner: z.boolean(),
  /** Whether the app has an owner address to contact (never the address itself). */
  can_contact_owner: z.boolean(),
  /** The reader already reported the app. */
  reported: z.boolean(),
  /**
   * The account has a password: deletion asks for it. Without one (social sign-in only), deletion
   * is confirmed from a link mailed to the account's address.
   */
  has_password: z.boolean(),
});
export type SettingsInfo = z.infer<typeof settingsInfo>;

const message = (max: number) =>
  z
    .string({ error: 'settings.errors.messageRequired' })
    .trim()
    .min(1, { error: 'settings.errors.messageRequired' })
    .max(max, { error: 'settings.errors.messageTooLong' });

export const contactInput = z
  .object({ to: z.enum(['owner', 'developers'], { error: 'settings.errors.recipient' }), message: message(SETTINGS_LIMITS.messageMax) })
  .strict();
export type ContactInput = z.infer<typeof contactInput>;

export const adminMessageInput = z.object({ message: message(SETTINGS_LIMITS.adminMessageMax) }).strict();
export const adminMessageAnswer = z.object({ success: z.literal(true), recipients: z.number().int() });

export const passwordInput = z
  .object({
    password: z
      .string({ error: 'settings.errors.passwordRequired' })
      .min(1, { error: 'settings.errors.passwordRequired' })
      .max(SETTINGS_LIMITS.passwordMax, { error: 'settings.errors.passwordIncorrect' }),
  })
  .strict();

/** The link of a deletion mail (its token), used once within the hour. */
export const deletionConfirmInput = z
  .object({
    token: z
      .string({ error: 'settings.errors.linkInvalid' })
      .min(1, { error: 'settings.errors.linkInvalid' })
      .max(200, { error: 'settings.errors.linkInvalid' }),
  })
  .strict();

/** Where the confirmation link went: the account's own address. */
export const deletionMailAnswer = z.object({ success: z.literal(true), email: z.string() });

const written = z.object({ id: z.number().int(), created_at: z.string(), text: z.string() });

/** "Download my data": the member's own personal data, bounded (the newest items of each kind). */
export const accountExport = z.object({
  exported_at: z.string(),
  app: z.object({ key: z.string(), name: z.string() }),
  account: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    job_title: z.string(),
    company: z.string(),
    location: z.string(),
    avatar_url: z.string().nullable(),
    created_at: z.string(),
  }),
  profile: z.record(z.string(), z.unknown()).nullable(),
  notification_preferences: notificationPreferences,
  posts: z.array(written.extend({ title: z.string().nullable(), app_module_id: z.number().int() })),
  comments: z.array(written.extend({ post_id: z.number().int() })),
  chat_messages: z.array(written.extend({ chat_id: z.number().int() })),
  event_registrations: z.array(z.object({ event_id: z.number().int(), title: z.string(), created_at: z.string() })),
  favorites: z.array(z.object({ user_id: z.number().int(), created_at: z.string() })),
  notes: z.array(z.object({ user_id: z.number().int(), text: z.string(), updated_at: z.string() })),
  /** Each list holds at most this many of the newest items. */
  limit_per_list: z.number().int(),
});
export type AccountExport = z.infer<typeof accountExport>;

const tag = 'settings';
export const settingsEndpoints = {
  info: defineEndpoint({
    method: 'GET',
    path: '/settings/:app_module_id',
    params: appModuleParam,
    response: settingsInfo,
    tag,
    summary: 'What the settings screen shows the reader (owner form, contact, report state)',
  }),
  myPreferences: defineEndpoint({
    method: 'GET',
    path: '/user/notification-preferences',
    response: notificationPreferences,
    tag,
    summary: "The reader's notification choices, for the shell (in-app chat notices) without a module id",
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/settings/:app_module_id/notifications',
    params: appModuleParam,
    response: notificationPreferences,
    tag,
    summary: "The reader's notification choices per category, in-app and push",
  }),
  setPreference: defineEndpoint({
    method: 'PUT',
    path: '/settings/:app_module_id/notifications',
    params: appModuleParam,
    body: preferenceUpdate,
    response: notificationPreferences,
    tag,
    summary: 'Turns one category of one channel on or off',
  }),
  contact: defineEndpoint({
    method: 'POST',
    path: '/settings/:app_module_id/contact',
    params: appModuleParam,
    body: contactInput,
    response: okBody,
    tag,
    summary: 'Mails a message to the app owner or the developers, with the member as Reply-To',
  }),
  report: defineEndpoint({
    method: 'POST',
    path: '/settings/:app_module_id/report',
    params: appModuleParam,
    response: okBody,
    tag,
    summary: 'Reports the application (once per member however often asked)',
  }),
  adminMessage: defineEndpoint({
    method: 'POST',
    path: '/settings/:app_module_id/admin-message',
    params: appModuleParam,
    body: adminMessageInput,
    response: adminMessageAnswer,
    tag,
    summary: "The app owner's message to every member: a push (Admin messages) and an in-app notice",
  }),
  exportData: defineEndpoint({
    method: 'GET',
    path: '/settings/:app_module_id/export',
    params: appModuleParam,
    response: accountExport,
    tag,
    summary: "The reader's personal data as JSON (Download my data)",
  }),
  deleteAccount: defineEndpoint({
    method: 'POST',
    path: '/settings/:app_module_id/delete-account',
    params: appModuleParam,
    body: passwordInput,
    response: okBody,
    tag,
    summary: 'Erases the account (password required): personal data gone, content kept under "Deleted user"',
  }),
  deletionMail: defineEndpoint({
    method: 'POST',
    path: '/settings/:app_module_id/delete-account/mail',
    params: appModuleParam,
    response: deletionMailAnswer,
    tag,
    summary: 'An account without a password: mails a one-time link (an hour) that confirms its deletion',
  }),
  deletionConfirm: defineEndpoint({
    method: 'POST',
    path: '/settings/delete-account/confirm',
    body: deletionConfirmInput,
    response: okBody,
    auth: false,
    tag,
    summary: "Erases the account whose deletion mail's link this is (410 when used or expired)",
  }),
};

/** An in-app admin message (only to members whose Admin messages in-app toggle is on). */
export interface AdminMessageEvent {
  message: string;
  app_name: string;
  /** An announcement's title (console announcements); the settings screen's message has none. */
  title?: string;
}

/** An in-app notice of another module (a reply, a post, an event change), only to members whose In-App toggle of its category is on. */
export interface AppNoticeEvent {
  category: NotificationCategory;
  title: string;
  body: string;
  url: string;
}

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    adminMessage: (p: AdminMessageEvent) => void;
    appNotice: (p: AppNoticeEvent) => void;
  }
}
