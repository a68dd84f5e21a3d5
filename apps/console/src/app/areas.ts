import type { ComponentType } from 'react';
import { useModerationCount } from '../features/moderation/moderation-live.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import type { ConsoleRoleName } from '../lib/me.ts';

/** The dashboard (its texts, then its page with uPlot): the app's home and its own area. */
export const dashboardPage = () => loadNamespaces(['console-dashboard']).then(() => import('../features/dashboard/dashboard-page.tsx'));

export interface ConsoleArea {
  /** Relative to /console/apps/:appId/ (no leading slash). */
  path: string;
  /** i18n key of the sidebar entry and the page title. */
  labelKey: string;
  /** The roles that see it (the server checks them again on every call). */
  roles: readonly ConsoleRoleName[];
  /** The area's page, loaded on first visit; none yet shows "coming soon". */
  page?: () => Promise<{ default: ComponentType }>;
  /** A count shown as a bubble on its sidebar entry (a React hook, called once per rendered entry). */
  useBubble?: (appId: number) => number | undefined;
}

const MANAGERS = ['operator', 'owner'] as const;

/**
 * The console's areas of one app, in sidebar order. Each area's helper adds (or fills in) ONE line:
 * `{ path, labelKey, roles, page: () => import('../features/<area>/<area>-page.tsx') }`.
 */
export const AREAS: readonly ConsoleArea[] = [
  { path: 'settings', labelKey: 'console.areas.settings', roles: MANAGERS, page: () => import('../features/apps/settings-page.tsx') },
  { path: 'menu', labelKey: 'console.areas.menu', roles: MANAGERS, page: () => import('../features/menu/menu-page.tsx') },
  { path: 'members', labelKey: 'console.areas.members', roles: MANAGERS, page: () => import('../features/members/members-page.tsx') },
  {
    path: 'moderation',
    labelKey: 'console.areas.moderation',
    roles: ['operator', 'owner', 'moderator'],
    page: () => loadNamespaces(['console-moderation']).then(() => import('../features/moderation/moderation-page.tsx')),
    useBubble: (appId) => useModerationCount(appId),
  },
  {
    path: 'announcements',
    labelKey: 'console.areas.announcements',
    roles: MANAGERS,
    page: () => import('../features/announcements/announcements-page.tsx'),
  },
  {
    path: 'events',
    labelKey: 'console.areas.events',
    roles: MANAGERS,
    page: () => loadNamespaces(['console-events']).then(() => import('../features/events/events-page.tsx')),
  },
  {
    path: 'pages',
    labelKey: 'console.areas.pages',
    roles: MANAGERS,
    page: () => loadNamespaces(['console-pages']).then(() => import('../features/pages/pages-page.tsx')),
  },
  {
    path: 'catalog',
    labelKey: 'console.areas.catalog',
    roles: MANAGERS,
    page: () => loadNamespaces(['console-catalog', 'console-members']).then(() => import('../features/catalog/catalog-page.tsx')),
  },
  {
    path: 'resources',
    labelKey: 'console.areas.resources',
    roles: MANAGERS,
    page: () => loadNamespaces(['console-resources']).then(() => import('../features/resources/resources-page.tsx')),
  },
  {
    path: 'agenda',
    labelKey: 'console.areas.agenda',
    roles: MANAGERS,
    page: () => loadNamespaces(['console-agenda']).then(() => import('../features/agenda/agenda-page.tsx')),
  },
  {
    path: 'agenda-import',
    labelKey: 'console.areas.agendaImport',
    roles: MANAGERS,
    page: () => loadNamespaces(['console-agenda-import']).then(() => import('../features/agenda-import/agenda-import-page.tsx')),
  },
  { path: 'dashboard', labelKey: 'console.areas.dashboard', roles: MANAGERS, page: dashboardPage },
  {
    path: 'audit',
    labelKey: 'console.areas.audit',
    roles: MANAGERS,
    page: () => loadNamespaces(['console-dashboard']).then(() => import('../features/audit/audit-page.tsx')),
  },
];

/** The areas a role sees in the sidebar. */
export const areasFor = (role: ConsoleRoleName | undefined) => (role ? AREAS.filter((a) => a.roles.includes(role)) : []);
