/** Query keys of the profile module: the module type first, so tapping the module in the menu reloads them. */
export const profileKeys = {
  me: ['profile', 'me'] as const,
  user: (id: number) => ['profile', 'user', id] as const,
  note: (id: number) => ['profile', 'note', id] as const,
  favorites: (search: string) => ['profile', 'favorites', search] as const,
  allFavorites: ['profile', 'favorites'] as const,
};
