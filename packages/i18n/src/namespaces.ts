/** Every translation namespace; one JSON file per namespace and locale under locales/. */
export const NAMESPACES = ['common', 'auth', 'shell', 'profile', 'activity', 'mail'] as const;
export type Namespace = (typeof NAMESPACES)[number];
