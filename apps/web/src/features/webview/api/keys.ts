/** Query keys of a webview module: the module type first (the menu's tap refetches exactly these). */
export const urlKey = (moduleId: number) => ['webview', moduleId, 'url'] as const;
