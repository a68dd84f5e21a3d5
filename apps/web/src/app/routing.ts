import type { RouteDef } from './route-table.ts';
import { PROFILE_EDIT_NAMES } from './route-table.ts';

export interface RoutingInput {
  pathname: string;
  search: string;
  route: RouteDef | undefined;
  loggedIn: boolean;
  profileCompleted: boolean;
  firstModuleUrl: string | null;
  profileEditUrl: string | null;
  returnUrl: string | null;
}

export type RoutingDecision =
  | { type: 'render' }
  | { type: 'redirect'; to: string; rememberReturn?: string | undefined; clearReturn?: boolean };

const NOT_REMEMBERED = new Set(['/', '/login', '/logout']);

/** Routing rules 3–6 of spec 1 §2.2 as a pure function of the current state. */
export function decideRoute(i: RoutingInput): RoutingDecision {
  const authFlow = i.route?.authFlow === true;
  if (!i.loggedIn) {
    if (authFlow) return { type: 'render' };
    const path = i.pathname.replace(/\/+$/, '') || '/';
    return { type: 'redirect', to: '/login', rememberReturn: NOT_REMEMBERED.has(path) ? undefined : i.pathname + i.search };
  }
  const home = i.returnUrl ?? i.firstModuleUrl;
  if (authFlow) return home ? { type: 'redirect', to: home, clearReturn: true } : { type: 'render' };
  if (i.pathname === '/logout') return { type: 'render' };
  if (!i.profileCompleted && !PROFILE_EDIT_NAMES.has(i.route?.name ?? '') && i.profileEditUrl) {
    return { type: 'redirect', to: i.profileEditUrl };
  }
  if (i.pathname === '/' && home) return { type: 'redirect', to: home, clearReturn: true };
  return { type: 'render' };
}
