import type { AppConfig } from '@app/contract/schemas/app';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { WEB_MODULES } from './app/modules.ts';
import { matchRoute } from './app/route-table.ts';
import { AppRoutes } from './app/router.tsx';
import { sendAudit } from './app/shell/pwa-audit.ts';
import { afterFirstScreen, startFromServerMarkup } from './lib/after-first-screen.ts';
import { appConfigQuery, queryClient } from './lib/app-state.ts';
import { bootWasKept, dropBootReads } from './lib/boot-data.ts';
import { themeVariables } from './lib/color.ts';
import { initI18n, initialLocale } from './lib/i18n.ts';
import { meta } from './lib/meta.ts';
import { adminTokenOrigins, isAdminTokenOrigin, isPreviewFrame, previewConfigOf } from './lib/preview.ts';
import { session } from './lib/session.ts';
import { appConfigCookies, setCookie, storage } from './lib/storage.ts';
import { registerServiceWorker } from './lib/sw-register.ts';
// Before the router: the leave guard's Back/Forward listener must run ahead of the router's.
import './ui/leave-guard-history.ts';
import './ui/styles.css';

/** The query cache a server-rendered first screen came from (web.ssr.ts), once; null for any other page. */
function takeFirstScreenCache(root: HTMLElement): unknown {
  const el = document.getElementById('first-screen-cache');
  el?.remove();
  if (root.dataset.firstScreen !== 'server' || !el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as unknown;
  } catch {
    return null;
  }
}

/** Routing rule 2: a logged-out visit with ?access-token= stores it and reloads without it. */
function takeQueryToken(): boolean {
  const url = new URL(location.href);
  const token = url.searchParams.get('access-token');
  if (!token || session.get().token) return false;
  session.adopt(token);
  url.searchParams.delete('access-token');
  location.replace(url.toString());
  return true;
}

/** Admin preview: inside the frame ask the parent for an admin token; outside, drop it. */
function handlePreviewFrame(): boolean {
  if (!isPreviewFrame()) {
    storage.remove('admin_token');
    return false;
  }
  if (storage.get('admin_token')) return false;
  window.addEventListener('message', (e: MessageEvent<{ type?: string; token?: string } | null>) => {
    // Only the embedding admin page may hand over a token: the parent window, from our origin or a
    // configured admin origin (the server's frame-ancestors lets no other origin frame the app).
    if (e.source !== window.parent || !isAdminTokenOrigin(e.origin, location.origin, meta.admin_origins)) return;
    if (e.data?.type === 'adminToken' && typeof e.data.token === 'string' && e.data.token) {
      session.adoptAdminToken(e.data.token);
      location.reload();
    }
  });
  // Posted to each allowed origin by name: the browser delivers it only if the parent is that origin.
  for (const origin of adminTokenOrigins(location.origin, meta.admin_origins)) {
    window.parent.postMessage({ type: 'requestAdminToken', app: meta.app_key }, origin);
  }
  return false;
}

/**
 * The console's draft in the preview frame: `{ type: 'preview-config', config }` from the embedding
 * page (checked exactly as the admin token is) is laid over the app config until the next read of
 * it. The frame says when it listens (`preview-ready`), so the console sends its draft then.
 */
function listenForPreviewConfig() {
  if (!isPreviewFrame()) return;
  window.addEventListener('message', (e: MessageEvent<unknown>) => {
    if (e.source !== window.parent || !isAdminTokenOrigin(e.origin, location.origin, meta.admin_origins)) return;
    const draft = previewConfigOf(e.data);
    if (!draft) return;
    queryClient.setQueryData<AppConfig>(appConfigQuery.queryKey, (config) => (config ? { ...config, ...draft } : config));
  });
  for (const origin of adminTokenOrigins(location.origin, meta.admin_origins)) {
    window.parent.postMessage({ type: 'preview-ready', app: meta.app_key }, origin);
  }
}

function applyTheme(color: string, theme: 'light' | 'dark') {
  const root = document.documentElement;
  root.dataset.theme = theme;
  for (const [k, v] of Object.entries(themeVariables(color, theme))) root.style.setProperty(k, v);
}

/** The page's own colours follow the config wherever it changes (console save, preview draft), not only at start. */
function applyConfig(config: AppConfig) {
  applyTheme(config.main_color, config.theme);
  document.documentElement.style.background = config.bg_color;
  document.documentElement.style.colorScheme = config.theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', config.main_color);
}

function followConfig() {
  let last: AppConfig | undefined;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== appConfigQuery.queryKey[0]) return;
    const config = event.query.state.data as AppConfig | undefined;
    if (!config || config === last) return;
    last = config;
    applyConfig(config);
  });
}

async function boot() {
  if (takeQueryToken()) return;
  handlePreviewFrame();
  applyTheme(meta.main_color, meta.theme);
  // The page carries the app's configuration: no round trip before the first screen.
  if (meta.app_config) queryClient.setQueryData(appConfigQuery.queryKey, meta.app_config);
  const config = await queryClient.fetchQuery(appConfigQuery).catch(() => undefined);
  followConfig();
  listenForPreviewConfig();
  if (config) {
    applyConfig(config);
    // Spec 1 §3 cookies: time format and currency, for later modules and the server (365 days);
    // after the first screen, as the browser answers cookie calls slowly while a page starts.
    setTimeout(() => {
      for (const [name, value] of appConfigCookies(config)) setCookie(name, value, 365);
      // The phone's time zone: the server renders a first screen only for a clock that shows its own times.
      setCookie('tz', Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', 365);
    }, 1000);
  }
  await initI18n(initialLocale(config?.locale, meta.locale));
  const root = document.getElementById('root');
  if (!root) return;
  // What the page carried for the shell (the networking banner) is in place before the first render.
  for (const m of WEB_MODULES) m.start?.();
  const tree = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  // The server rendered the first screen into the page (a phone, signed in): the app takes over that
  // markup from the same query cache, instead of drawing it again. Anything that differs (a clock
  // that moved on) is drawn anew by React, quietly.
  const cache = takeFirstScreenCache(root);
  if (cache) {
    startFromServerMarkup();
    hydrate(queryClient, cache);
    // Development builds name what had to be redrawn (the journeys check there is nothing).
    const onRecoverableError = (err: unknown) => {
      if (meta.dev) console.warn('first screen: redrawn after the server', err);
    };
    startTransition(() => void hydrateRoot(root, tree, { onRecoverableError }));
  } else {
    const app = createRoot(root);
    // A transition renders in slices that yield to the browser, instead of one long task that
    // blocks input on a slow phone; the splash stays until the first screen is ready.
    startTransition(() => app.render(tree));
  }
  // A page the service worker kept showed the last known first screen at once: now it is refreshed.
  // The service worker installs after the first screen, not while it starts.
  void afterFirstScreen().then(() => {
    if (bootWasKept()) {
      // Every read so far, shown or prefetched, asked again; what the page carried and nobody took yet is dropped.
      dropBootReads();
      void queryClient.invalidateQueries({ refetchType: 'all' });
    }
    registerServiceWorker();
    // Field data (sampled Core Web Vitals): its chunk loads after the first screen it measures.
    void import('./lib/vitals.ts').then((v) => v.startVitals(matchRoute));
  });
  // Every visitor of an open app, signed in or not, once per 10 days; after the first screen.
  if (config?.is_published) setTimeout(() => sendAudit(meta.app_key, isPreviewFrame()), 1000);
}

// The server-rendered splash is painted first; the app starts in the next frame, so a slow phone
// shows the app's name and icon at once instead of a blank page while the scripts run.
if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(() => void boot(), 0));
else void boot();
