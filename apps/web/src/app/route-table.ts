import { MODULE_TYPES } from '@app/contract/constants';
import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy.ts';
import type { PageRoute, RouteDef } from '../lib/module.ts';
import { WEB_MODULES } from './modules.ts';

export type { Layout, RouteDef } from '../lib/module.ts';

/**
 * Routes the specs name for modules not built yet: they show the placeholder until their module's
 * manifest claims them (each module issue moves its lines into features/<type>/module.ts).
 */
const PLANNED_ROUTES: RouteDef[] = [];

/** The manifests' routes, each screen a lazy component that loads its chunk and its module's namespaces. */
const claimed: PageRoute[] = WEB_MODULES.flatMap((m) =>
  m.routes.map((r) => ({ ...r, page: r.page ?? (r.load ? lazyPage(r.load, m.namespaces) : undefined) })),
);
const claimedNames = new Set(claimed.map((r) => r.name));

/** Every module type's `{type}.index` that no manifest claims: the placeholder page. */
const placeholderIndexes: RouteDef[] = MODULE_TYPES.map((type) => ({ name: `${type}.index`, path: `/${type}/:app_module_id` })).filter(
  (r) => !claimedNames.has(r.name),
);

/** Auth-flow routes of spec 1 §2.1 (auth layout, outside the shell). */
export const AUTH_ROUTES: PageRoute[] = claimed.filter((r) => r.authFlow);

/** Routes inside the signed-in shell. */
export const MODULE_ROUTES: PageRoute[] = [...claimed.filter((r) => !r.authFlow), ...PLANNED_ROUTES, ...placeholderIndexes];

export const DEV_ROUTES: RouteDef[] = ['', '/components', '/header', '/footer', '/loaders', '/sandbox'].map((p) => ({
  name: `dev.uikit${p.replace('/', '.')}`,
  path: `/dev/uikit${p}`,
  dev: true,
}));

export const LOGOUT_ROUTE: RouteDef = { name: 'auth.logout', path: '/logout' };

export const ALL_ROUTES: RouteDef[] = [...AUTH_ROUTES, LOGOUT_ROUTE, ...MODULE_ROUTES, ...DEV_ROUTES];

/** The screen of a route name, when its module has built it. */
export const pageOf = (name: string): ComponentType | undefined => claimed.find((r) => r.name === name)?.page;

function toRegex(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[a-z_]+/g, '[^/]+')}/?$`);
}
const compiled = ALL_ROUTES.map((r) => ({ r, re: toRegex(r.path), params: r.path.match(/:/g)?.length ?? 0 }));

/** The named route a path matches (the most specific, i.e. the static one first). */
export function matchRoute(pathname: string): RouteDef | undefined {
  let best: (typeof compiled)[number] | undefined;
  for (const c of compiled) if (c.re.test(pathname) && (!best || c.params < best.params)) best = c;
  return best?.r;
}
