/** Query keys of the directory: the module type first, so tapping the module in the menu reloads them. */
export const appusersKeys = {
  list: (moduleId: number, q: string) => ['appusers', moduleId, 'list', q] as const,
  filters: (moduleId: number) => ['appusers', moduleId, 'filters'] as const,
};
