import type { ServerToClientEvents } from '@app/contract/realtime';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

export type Layout = 'default' | 'card' | 'auth' | 'scroll-bottom' | 'nopb';

/** A named route of the app (spec 1 §2.2). */
export interface RouteDef {
  name: string;
  path: string;
  /** Part of the sign-in flow: reachable signed out, left once signed in (routing rules 3–4). */
  authFlow?: boolean;
  dev?: boolean;
  layout?: Layout;
  /** Stays reachable while the profile is incomplete (routing rule 5). */
  profileEdit?: boolean;
}

/** A screen's chunk: `() => import('./pages/x-page.tsx')`. */
export type Loader<P = object> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A route with its screen: `load`, its own chunk (the rule), loaded with the module's namespaces;
 * or `page`, in the entry bundle (only for a first screen, the login). Neither: the placeholder.
 */
export interface PageRoute extends RouteDef {
  load?: Loader;
  page?: ComponentType;
  /**
   * Starts the screen's first data request when the route is entered, alongside its chunk rather
   * than after it (the page then finds it in the query cache). Import the query from a dynamic
   * import here: the manifest is in the entry bundle.
   */
  prefetch?: (params: Readonly<Record<string, string | undefined>>) => Promise<unknown>;
}

type Handler<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0] extends undefined
  ? () => void
  : (payload: Parameters<ServerToClientEvents[E]>[0]) => void;

/** What a module's realtime setup gets: the query cache to write into and the socket's events. */
export interface RealtimeContext {
  queryClient: QueryClient;
  on<E extends keyof ServerToClientEvents>(event: E, handler: Handler<E>): void;
  /** Called on every reconnection (not the first connection): catch up with what was missed. */
  onReconnect(handler: () => void): void;
  /**
   * Called on every connection, the first included: join again the rooms of open screens (a screen
   * opened before the socket was connected could not join) and catch up.
   */
  onConnect(handler: () => void): void;
}

/** How a module's menu bubble looks (spec 3 "Helper rules"): a number or a dot; the higher priority wins a collapsed group. */
export interface BubbleRule {
  kind: 'count' | 'dot';
  priority: number;
}

/**
 * One feature of the web app, listed once in app/modules.ts; the router, the route table, the socket
 * wiring, the menu bubbles and the reload-on-return rule are derived from that list.
 * Keep a manifest small: it ships in the entry bundle, so pages and widgets are lazy imports.
 */
export interface WebModule {
  /** The module type of the menu (spec 1 §3), or the name of a non-module feature (auth). */
  type: string;
  /** Translation namespaces (packages/i18n/locales/<locale>/<ns>.json) its screens use, loaded with them. */
  namespaces?: string[];
  routes: PageRoute[];
  /**
   * Called once at start-up, before the first render: take what the page carried for the shell
   * (`bootRead`), so nothing appears above the first screen after it painted (no layout shift).
   */
  start?: () => void;
  /** Called once per socket connection: write live events into the query cache. */
  realtime?: (rt: RealtimeContext) => void;
  bubble?: BubbleRule;
  /** Route names whose module queries are refetched when the tab becomes visible (spec 1 §4 Visibility). */
  reloadOnReturn?: string[];
  /** The wide-desktop right sidebar (one module provides it). */
  rightSidebar?: Loader<{ seeAllUrl: string | undefined }>;
}

export const defineWebModule = (m: WebModule): WebModule => m;
