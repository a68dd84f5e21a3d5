import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import { appModules, apps } from '../modules/apps/apps.table.ts';
import { users } from '../modules/users/users.table.ts';

/** Columns most module tables share (each call makes a new column builder for one table). */

/** PostgreSQL's full-text vector (drizzle has no type of its own for it). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The app a row belongs to: every query filters on it. */
export const appIdColumn = () =>
  integer('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' });

/** The menu module a row belongs to. */
export const appModuleIdColumn = () =>
  integer('app_module_id')
    .notNull()
    .references(() => appModules.id, { onDelete: 'cascade' });

/** The member a row belongs to (gone with them). */
export const userIdColumn = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
