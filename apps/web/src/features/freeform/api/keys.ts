/** Query keys of a free-form module: the module type first (the menu's tap refetches exactly these). */
export const pageKey = (moduleId: number) => ['freeform', moduleId, 'page'] as const;
