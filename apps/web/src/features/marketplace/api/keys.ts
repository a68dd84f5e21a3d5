/** Query keys of a marketplace module: the module type first, then the module (the menu's tap refetches exactly these). */
export const moduleKey = (moduleId: number) => ['marketplace', moduleId] as const;
export const listsKey = (moduleId: number) => ['marketplace', moduleId, 'items'] as const;
export const itemsKey = (moduleId: number, search: string) => ['marketplace', moduleId, 'items', search] as const;
export const itemKey = (moduleId: number, id: number) => ['marketplace', moduleId, 'item', id] as const;
