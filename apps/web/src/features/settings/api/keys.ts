/** Query keys of the settings module: all start with its type. */
export const settingsKey = (moduleId: number) => ['settings', moduleId] as const;
export const infoKey = (moduleId: number) => [...settingsKey(moduleId), 'info'] as const;
export const preferencesKey = (moduleId: number) => [...settingsKey(moduleId), 'notifications'] as const;
