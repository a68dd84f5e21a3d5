import type { RouteDef } from '../lib/module.ts';
import { isSafeReturnUrl } from '../lib/return-url.ts';

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
    const wanted = i.pathname + i.search;
    const remember = !NOT_REMEMBERED.has(path) && isSafeReturnUrl(wanted) ? wanted : undefined;
    return { type: 'redirect', to: '/login', rememberReturn: remember };
  }
  const returnUrl = isSafeReturnUrl(i.returnUrl) ? i.returnUrl : null;
  const home = returnUrl ?? i.firstModuleUrl;
  const root = i.pathname === '/';
  // Rule 5 before rules 4 and 6 where they meet: right after sign-in (an auth page) or on the root,
  // an incomplete profile goes to the edit page and the return url stays for after saving it.
  if (!i.profileCompleted && i.profileEditUrl && (authFlow || root)) return { type: 'redirect', to: i.profileEditUrl };
  if (authFlow) return home ? { type: 'redirect', to: home, clearReturn: true } : { type: 'render' };
  if (i.pathname === '/logout') return { type: 'render' };
  if (!i.profileCompleted && !i.route?.profileEdit && i.profileEditUrl) {
    return { type: 'redirect', to: i.profileEditUrl };
  }
  if (root && home) return { type: 'redirect', to: home, clearReturn: true };
  return { type: 'render' };
}
