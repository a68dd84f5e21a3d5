// Every table, re-exported for Drizzle; tables live beside their module.
export * from '../modules/activity/activity.table.ts';
export * from '../modules/apps/apps.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/push/push.table.ts';
export * from '../modules/pwa/pwa.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../plugins/socket.table.ts';
