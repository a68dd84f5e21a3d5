import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { email, loginPassword } from './auth.ts';

/**
 * The organiser console's own calls (under `/console/api`), apart from the attendee API. They
 * take the same `access-token` header; an account's console roles decide what it may reach:
 * - operator: the whole platform (every app, creating apps);
 * - owner (the spec's `is_admin`): everything of their own app;
 * - moderator: only the moderation queue of their own app.
 * An app the caller may not reach is a 404 (as if it did not exist); a part of their own app
 * beyond their role is a 403.
 */
export const CONSOLE_API = '/console/api';

export const consoleRole = z.enum(['operator', 'owner', 'moderator']);
export type ConsoleRole = z.infer<typeof consoleRole>;

/** Sign-in with an account's e-mail and password; `app` (a key) chooses when the address has console roles in several apps. */
export const consoleLoginBody = z.object({ email, password: loginPassword, app: z.string().trim().min(1).max(64).optional() }).strict();
export type ConsoleLoginBody = z.infer<typeof consoleLoginBody>;

/** An app the caller may open in the console, with their role there. */
export const consoleAppRef = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  is_published: z.boolean(),
  is_locked: z.boolean(),
  role: consoleRole,
});
export type ConsoleAppRef = z.infer<typeof consoleAppRef>;

/** Who is signed in to the console. */
export const consoleMe = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  is_operator: z.boolean(),
  /** The app the account belongs to. */
  app_id: z.number().int(),
  /** The apps this account may open (every app for an operator), by name. */
  apps: z.array(consoleAppRef),
});
export type ConsoleMe = z.infer<typeof consoleMe>;

export const consoleSession = z.object({ access_token: z.string(), user_id: z.number().int() });

/** Path parameter of every call about one app. */
export const consoleAppParams = z.object({ app_id: z.coerce.number().int().positive() }).strict();

export const consoleEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: `${CONSOLE_API}/auth/login`,
    body: consoleLoginBody,
    response: consoleSession,
    auth: false,
    tag: 'console',
    summary: 'Signs in to the console (an account with a console role: operator, app owner or moderator)',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: `${CONSOLE_API}/auth/logout`,
    response: z.object({ success: z.literal(true) }),
    tag: 'console',
    summary: 'Signs out of the console (revokes the token)',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: `${CONSOLE_API}/me`,
    response: consoleMe,
    tag: 'console',
    summary: 'Who is signed in, and the apps they may open',
  }),
};
