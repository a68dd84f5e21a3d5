import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/** Field rules shared by forms and server; messages are i18n keys of the `auth` namespace. */
export const email = z
  .string({ error: 'auth.errors.email' })
  .trim()
  .max(LIMITS.emailMax, { error: 'auth.errors.email' })
  .pipe(z.email({ error: 'auth.errors.email' }))
  .transform((v) => v.toLowerCase());

export const loginPassword = z
  .string({ error: 'auth.errors.password' })
  .min(1, { error: 'auth.errors.password' })
  .max(LIMITS.passwordMax, { error: 'auth.errors.password' });

/** A new password: at least 8 characters with a digit and a special symbol (spec 2 §9). */
export const newPassword = z
  .string({ error: 'auth.errors.passwordShort' })
  .min(LIMITS.passwordMin, { error: 'auth.errors.passwordShort', abort: true })
  .max(LIMITS.passwordMax, { error: 'auth.errors.passwordShort' })
  .refine((v) => /\d/.test(v) && /[^A-Za-z0-9]/.test(v), { error: 'auth.errors.passwordWeak' });

const name = (key: string) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(LIMITS.nameMax, { error: 'common.errors.tooLong' });

export const token = z.string({ error: 'auth.errors.token' }).min(10).max(200);

export const checkEmailBody = z.object({ email }).strict();
export const checkEmailAnswer = z.object({ registered: z.boolean() });

export const loginBody = z.object({ email, password: loginPassword }).strict();

export const registerBody = z
  .object({
    email,
    first_name: name('auth.errors.firstName'),
    last_name: name('auth.errors.lastName'),
    password: newPassword,
    consent: z.literal(true, { error: 'auth.errors.consent' }),
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBody>;
export const registerAnswer = z.object({ email: z.string(), confirmation_required: z.boolean() });

export const confirmEmailBody = z.object({ token }).strict();
export const forgotPasswordBody = z.object({ email }).strict();
export const resetPasswordBody = z.object({ token, password: newPassword }).strict();
export const confirmInviteBody = z.object({ token, password: newPassword }).strict();
/** Asks whether a reset or invitation link is still usable, without using it. */
export const checkTokenBody = z.object({ token, kind: z.enum(['reset', 'invite']) }).strict();
export type CheckTokenBody = z.infer<typeof checkTokenBody>;
export const checkTokenAnswer = z.object({ valid: z.literal(true) });

/** Answer of a successful sign-in (ARCHITECTURE: calls the spec does not show). */
export const sessionAnswer = z.object({ access_token: z.string(), user_id: z.number().int() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;
