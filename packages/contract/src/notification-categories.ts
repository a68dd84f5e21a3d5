/** Notification categories (spec 3 "Settings and notifications"), in the order the screen shows them. No zod: the shell imports it. */
export const NOTIFICATION_CATEGORIES = ['chats', 'discussions', 'news', 'events', 'admin', 'blog'] as const;
export type NotificationCategoryName = (typeof NOTIFICATION_CATEGORIES)[number];
