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

/** The address a redirect interrupts, to open once the member is through (not the root, login or logout). */
function returnUrlOf(i: RoutingInput): string | undefined {
  const path = i.pathname.replace(/\/+$/, '') || '/';
  const wanted = i.pathname + i.search;
  return !NOT_REMEMBERED.has(path) && isSafeReturnUrl(wanted) ? wanted : undefined;
}

/** Routing rules 3–6 of spec 1 §2.2 as a pure function of the current state. */
export function decideRoute(i: RoutingInput): RoutingDecision {
  const authFlow = i.route?.authFlow === true;
  if (!i.loggedIn) {
    if (authFlow) return { type: 'render' };
    return { type: 'redirect', to: '/login', rememberReturn: returnUrlOf(i) };
  }
  const returnUrl = isSafeReturnUrl(i.returnUrl) ? i.returnUrl : null;
  const home = returnUrl ?? i.firstModuleUrl;
  const root = i.pathname === '/';
  // Rule 5 before rules 4 and 6 where they meet: right after sign-in (an auth page) or on the root,
  // an incomplete profile goes to the edit page and the return url stays for after saving it.
  if (!i.profileCompleted && i.profileEditUrl && (authFlow || root)) return { type: 'redirect', to: i.profileEditUrl };
  if (authFlow) return home ? { type: 'redirect', to: home, clearReturn: true } : { type: 'render' };
  if (i.pathname === '/logout') return { type: 'render' };
  // Rule 5 on any other page (a link followed while signed in, an ?access-token= link): the page
  // is remembered like rule 3 does, and the edit page opens it after saving.
  if (!i.profileCompleted && !i.route?.profileEdit && i.profileEditUrl) {
    return { type: 'redirect', to: i.profileEditUrl, rememberReturn: returnUrlOf(i) };
  }
  if (root && home) return { type: 'redirect', to: home, clearReturn: true };
  return { type: 'render' };
}
