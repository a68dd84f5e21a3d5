/** Query keys of a resources module: the module type first, then the module (the menu's tap refetches exactly these). */
export const moduleKey = (moduleId: number) => ['resources', moduleId] as const;
/** A list: the root (folder 0), a folder, or a search through every folder. */
export const listKey = (moduleId: number, folderId: number | null, search: string) =>
  ['resources', moduleId, 'list', folderId ?? 0, search] as const;
export const listsKey = (moduleId: number) => ['resources', moduleId, 'list'] as const;
export const itemKey = (moduleId: number, id: number) => ['resources', moduleId, 'item', id] as const;
