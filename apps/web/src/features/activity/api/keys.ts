/** Query keys of the activity module: the module type first, so reloading the module finds them. */
export const activityFeedKey = ['activity', 'feed'] as const;
