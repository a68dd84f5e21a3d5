import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { email } from './auth.ts';
import { okBody, pageQuery } from './common.ts';
import { CONSOLE_API } from './console.ts';

/**
 * The console's "Members" area (owners of the app and operators): list, profile at a glance,
 * invitations (one by one or from a CSV file), roles, blocking, deletion and the CSV export.
 * Messages are i18n keys of the `console-members` namespace.
 */

/** The CSV import's bounds: rows after the header, and the file's size. */
export const MEMBER_IMPORT = { maxRows: 10_000, maxBytes: 2 * 1024 * 1024, previewRows: 100, maxErrors: 500 } as const;
/** People an app may invite in 24 hours, one by one and by import together: no app sends the platform's mail in bulk. */
export const INVITES_PER_DAY = 20_000;
/** Columns of an import file: these three are required, the other two optional. */
export const IMPORT_COLUMNS = ['email', 'first_name', 'last_name', 'company', 'job_title'] as const;
export const REQUIRED_IMPORT_COLUMNS = ['email', 'first_name', 'last_name'] as const;

export const memberStatus = z.enum(['active', 'invited', 'blocked', 'unconfirmed']);
export type MemberStatus = z.infer<typeof memberStatus>;
export const memberRoleFilter = z.enum(['owner', 'moderator', 'member']);

const idNumber = z.coerce.number().int().positive().max(2_147_483_647);
export const memberParams = z.object({ app_id: idNumber, user_id: idNumber }).strict();
const appParams = z.object({ app_id: idNumber }).strict();

export const membersQuery = pageQuery
  .extend({
    q: z.string().trim().max(100, { error: 'common.errors.tooLong' }).optional(),
    role: memberRoleFilter.optional(),
    status: memberStatus.optional(),
  })
  .strict();
export type MembersQuery = z.infer<typeof membersQuery>;

export const memberRoles = z.object({ owner: z.boolean(), moderator: z.boolean(), operator: z.boolean() });

/** One member as the list shows them. */
export const memberRow = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  company: z.string(),
  job_title: z.string(),
  roles: memberRoles,
  status: memberStatus,
  joined_at: z.string(),
  /** When they last signed in (their newest session), null when never. */
  last_sign_in_at: z.string().nullable(),
});
export type MemberRow = z.infer<typeof memberRow>;

/** The profile at a glance: the row, the rest of the profile and what the member did. */
export const memberProfile = memberRow.extend({
  location: z.string(),
  is_verified: z.boolean(),
  counts: z.object({
    registrations: z.number().int(),
    posts: z.number().int(),
    comments: z.number().int(),
    /** Reports made against the member: of their profile and of their posts and comments. */
    reports: z.number().int(),
    /** Sessions (signed-in devices) alive now. */
    sessions: z.number().int(),
  }),
  /** The pending invitation's link, while the member has not set a password. */
  invitation: z.object({ expires_at: z.string() }).nullable(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

const optionalName = z
  .string()
  .trim()
  .max(LIMITS.nameMax, { error: 'common.errors.tooLong' })
  .optional()
  .transform((v) => v ?? '');

export const inviteBody = z.object({ email, first_name: optionalName, last_name: optionalName }).strict();
export type InviteBody = z.infer<typeof inviteBody>;

export const rolesBody = z.object({ owner: z.boolean(), moderator: z.boolean() }).strict();
export type RolesBody = z.infer<typeof rolesBody>;

/** One bad cell (or row) of an import file: its line in the file (1 is the header), the column and what is wrong. */
export const importError = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importError>;

export const importRow = z.object({
  line: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  job_title: z.string(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importPreview = z.object({
  /** New accounts the import would make (invited). */
  to_create: z.number().int(),
  /** Rows whose address already has an account in the app (left as they are). */
  already_members: z.number().int(),
  errors: z.array(importError),
  /** Whether `errors` was cut short (MEMBER_IMPORT.maxErrors). */
  errors_truncated: z.boolean(),
  /** The first rows to create, for the preview table. */
  rows: z.array(importRow),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({ created: z.number().int(), already_members: z.number().int(), mails_queued: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;

const base = `${CONSOLE_API}/apps/:app_id/members`;
const one = `${base}/:user_id(^\\d+$)`;
const tag = 'console';

export const MEMBERS_EXPORT_PATH = `${base}/export.csv`;
/** Multipart field of the CSV file (preview and import). */
export const IMPORT_FIELD = 'file';

export const consoleMembersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: appParams,
    query: membersQuery,
    response: z.array(memberRow),
    tag,
    summary: 'Members of the app, paged (x-pagination-* headers), searched by name, e-mail or company, filtered by role and status',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: one,
    params: memberParams,
    response: memberProfile,
    tag,
    summary: 'A member at a glance: profile, roles, status and what they did',
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: `${base}/invite`,
    params: appParams,
    body: inviteBody,
    response: memberRow,
    tag,
    summary: 'Invites one address: the account is made without a password and the invitation mail sent',
  }),
  resendInvite: defineEndpoint({
    method: 'POST',
    path: `${one}/invite/resend`,
    params: memberParams,
    response: okBody,
    tag,
    summary: 'Sends the invitation again (older links stop working)',
  }),
  revokeInvite: defineEndpoint({
    method: 'DELETE',
    path: `${one}/invite`,
    params: memberParams,
    response: okBody,
    tag,
    summary: 'Revokes a pending invitation: the account without a password and its link go',
  }),
  importPreview: defineEndpoint({
    method: 'POST',
    path: `${base}/import/preview`,
    params: appParams,
    response: importPreview,
    tag,
    summary: 'Checks a CSV file of members (multipart field `file`) without writing anything',
  }),
  import: defineEndpoint({
    method: 'POST',
    path: `${base}/import`,
    params: appParams,
    response: importResult,
    tag,
    summary: 'Imports a CSV file of members (multipart field `file`) when it has no errors, and queues their invitations',
  }),
  roles: defineEndpoint({
    method: 'PUT',
    path: `${one}/roles`,
    params: memberParams,
    body: rolesBody,
    response: memberRow,
    tag,
    summary: 'Gives or takes the owner and moderator roles',
  }),
  block: defineEndpoint({
    method: 'POST',
    path: `${one}/block`,
    params: memberParams,
    response: memberRow,
    tag,
    summary: 'Blocks a member: signed out everywhere at once, cannot sign in',
  }),
  unblock: defineEndpoint({
    method: 'POST',
    path: `${one}/unblock`,
    params: memberParams,
    response: memberRow,
    tag,
    summary: 'Unblocks a member',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: one,
    params: memberParams,
    response: okBody,
    tag,
    summary: 'Deletes the account (the same erasure as the member’s own deletion)',
  }),
};
