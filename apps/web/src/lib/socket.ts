import type { Locale } from '@app/contract/constants';
import type { BubblePayload, ClientToServerEvents, ServerToClientEvents } from '@app/contract/realtime';
import { SOCKET_PATH } from '@app/contract/realtime';
import type { AppMenu } from '@app/contract/schemas/app';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
// Types only: the client library itself is loaded on demand, so it never weighs on the login page.
import type { Socket } from 'socket.io-client';
import { currentLocale, i18next } from './i18n.ts';
import { meta } from './meta.ts';
import type { RealtimeContext, WebModule } from './module.ts';
import { setNetworkingStatus } from './networking-status.ts';
import { session } from './session.ts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Where the socket writes what it hears: the menu's bubbles, and each module's own live events. */
export interface SocketTargets {
  queryClient: QueryClient;
  /** Prefix of every menu query (one per token). */
  menuKey: QueryKey;
  /** Each module's realtime setup (from app/modules.ts). */
  modules: readonly Pick<WebModule, 'realtime'>[];
}

/**
 * The handshake's auth: the access token, and the interface locale as the cookie spells it (en_US),
 * with which the server translates live activity items for this reader.
 */
export function socketAuth(token: string, locale: Locale = currentLocale()): { token: string; locale: Locale } {
  return { token, locale };
}

/** The menu with one module's bubble list replaced (and the app badge recounted). */
export function applyBubble(menu: AppMenu, { module, items }: BubblePayload): AppMenu {
  const entry = menu.menu.find((m) => m.app_module_id === module.app_module_id);
  if (!entry || sameIds(entry.bubble, items)) return menu;
  const next = menu.menu.map((m) => (m === entry ? { ...m, bubble: [...items] } : m));
  return { ...menu, menu: next, app_badge_count: next.reduce((n, m) => n + m.bubble.length, 0) };
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The live connection as screens show it: up, coming back, or no network at all. */
export type Connection = 'online' | 'reconnecting' | 'offline';
let connection: Connection = 'online';
const connectionListeners = new Set<() => void>();
function setConnection(next: Connection) {
  if (next === connection) return;
  connection = next;
  for (const l of connectionListeners) l();
}

/** The connection's state for useSyncExternalStore (the chat's banner, its resend on return). */
export const connectionState = {
  get: (): Connection => connection,
  subscribe(listener: () => void): () => void {
    connectionListeners.add(listener);
    return () => connectionListeners.delete(listener);
  },
};

const onOffline = () => setConnection('offline');
const onOnline = () => {
  // The network is back: up when the socket held (or has none), else until it reconnects.
  setConnection(!socket || socket.connected ? 'online' : 'reconnecting');
  if (socket && !socket.connected) socket.connect();
};
if (typeof window !== 'undefined') {
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  if (navigator.onLine === false) connection = 'offline';
}

let socket: AppSocket | null = null;
let socketToken: string | null = null;
let connecting: Promise<void> | null = null;
let restartTimer: ReturnType<typeof setTimeout> | undefined;

function onVisibility() {
  // Spec 1 §4 Visibility: coming back to the tab asks for fresh bubbles.
  if (document.visibilityState !== 'visible' || !socket) return;
  if (socket.connected) socket.emit('getBubbles');
  else socket.connect();
}

function wire(s: AppSocket, { queryClient, menuKey, modules }: SocketTargets) {
  // Every (re)connection asks for the bubbles (spec 1 §7), as does returning to the tab.
  s.on('connect', () => s.emit('getBubbles'));
  s.on('showBubble', (payload) => {
    queryClient.setQueriesData<AppMenu>({ queryKey: menuKey }, (menu) => (menu ? applyBubble(menu, payload) : menu));
  });
  s.on('appChanged', () => {
    // The organisers changed this app in the console: its configuration (theme, texts) and menu again.
    void queryClient.invalidateQueries({ queryKey: ['app-config'] });
    void queryClient.invalidateQueries({ queryKey: menuKey });
  });
  s.on('serverRestart', () => {
    // The node is going away: reconnect (to it after restart, or to another one) after a short random
    // delay so every client does not come back in the same instant.
    s.disconnect();
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => s.connect(), 500 + Math.random() * 2500);
  });
  const on: RealtimeContext['on'] = (event, handler) => {
    // The event map is keyed by name; socket.io's typed `on` cannot follow a generic name.
    (s.on as (e: string, h: (...args: unknown[]) => void) => void)(event, handler as (...args: unknown[]) => void);
  };
  let connectedOnce = false;
  const reconnects: Array<() => void> = [];
  const connects: Array<() => void> = [];
  s.on('disconnect', () => setConnection(navigator.onLine === false ? 'offline' : 'reconnecting'));
  s.on('connect', () => {
    setConnection('online');
    for (const h of connects) h();
    if (connectedOnce) for (const h of reconnects) h();
    connectedOnce = true;
  });
  for (const m of modules) m.realtime?.({ queryClient, on, onReconnect: (h) => reconnects.push(h), onConnect: (h) => connects.push(h) });
}

/**
 * Sends a client event now, or answers false when the socket is not connected (the caller falls
 * back to HTTP or drops it: typing indicators).
 */
export function emitSocket<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): boolean {
  if (!socket?.connected) return false;
  (socket.emit as (e: string, ...a: unknown[]) => void)(event, ...args);
  return true;
}

/** Opens the socket for the signed-in user (once; again when the token changes). */
export function connectSocket(targets: SocketTargets): Promise<void> {
  const token = session.get().token;
  if (!token) return Promise.resolve();
  if (socket && socketToken === token) return Promise.resolve();
  if (connecting) return connecting;
  // Another member's socket goes with its live state; a first connection keeps the state the page carried.
  if (socket) disconnectSocket();
  connecting = import('socket.io-client')
    .then(({ io }) => {
      connecting = null;
      if (session.get().token !== token) return;
      const s: AppSocket = io(meta.app_url || location.origin, {
        path: SOCKET_PATH,
        // A function, so every (re)connection sends the locale of that moment.
        auth: (cb) => cb(socketAuth(token)),
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
      });
      wire(s, targets);
      socket = s;
      socketToken = token;
      document.addEventListener('visibilitychange', onVisibility);
    })
    .catch(() => {
      // The chunk did not load (offline): the app works without live updates until the next visit.
      connecting = null;
    });
  return connecting;
}

/** Closes the socket and forgets live state (logout, or a token change). */
export function disconnectSocket() {
  clearTimeout(restartTimer);
  document.removeEventListener('visibilitychange', onVisibility);
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  socketToken = null;
  setNetworkingStatus(null);
  setConnection(navigator.onLine === false ? 'offline' : 'online');
}

// A new interface language (Settings): the server picks the language of live items at the handshake,
// so the open socket connects again with the new one (the handshake's auth is read anew).
i18next.on('languageChanged', () => {
  if (!socket?.connected) return;
  socket.disconnect();
  socket.connect();
});

// Logout (or a 401) clears the token: the socket goes with it.
session.subscribe(() => {
  if (!session.get().token && socket) disconnectSocket();
});
