/** Query keys of a social wall: the module type first, then the module (the menu's tap refetches exactly these). */
export const feedKey = (moduleId: number) => ['twitter', moduleId, 'feed'] as const;
