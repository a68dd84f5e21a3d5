/** Query keys of a catalog module: the module type first, then the module (the menu's tap refetches exactly these). */
export const moduleKey = (moduleId: number) => ['catalog', moduleId] as const;
export const itemsKey = (moduleId: number, search: string, category = '') => ['catalog', moduleId, 'items', search, category] as const;
export const categoriesKey = (moduleId: number) => ['catalog', moduleId, 'categories'] as const;
export const itemKey = (moduleId: number, id: number) => ['catalog', moduleId, 'item', id] as const;
