import { DEFAULT_LOCALE, type Locale } from '@app/contract/constants';
import { translate } from '../../lib/i18n.ts';
import type { users } from './users.table.ts';

type UserRow = typeof users.$inferSelect;

/**
 * A member's name as a reader sees it: every answer that names a member maps it here. A deleted
 * account stores no name, only `deleted_at`: it is "Deleted user" in the reader's language (the
 * answer's `locale`; English where none is known).
 */
export const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'> & { deletedAt?: Date | null }, locale: Locale = DEFAULT_LOCALE) =>
  u.deletedAt ? translate(locale, 'settings.deletedUser') : `${u.firstName} ${u.lastName}`.trim();
