// The server's rendering of a signed-in member's first screen on a phone (docs/decisions.md "First
// screen on a phone"): the same components, router and query cache as the browser, fed with the
// answers the page carries (boot data), so the HTML shows the screen before any script has run and
// the browser hydrates it. Built by `vite build --ssr` into dist-ssr/ and run by the server in a
// worker thread (apps/server/src/modules/web/web.ssr.ts), one page at a time: the worker gives each
// page its own document, storage and address, and this module resets what the app keeps per page.
import { type DehydratedState, dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { WEB_MODULES } from './app/modules.ts';
import { prefetchRoute, resetPrefetch } from './app/prefetch.ts';
import { matchRoute } from './app/route-table.ts';
import { AppRoutes } from './app/router.tsx';
import { appConfigQuery, queryClient } from './lib/app-state.ts';
import { resetBootData } from './lib/boot-data.ts';
import { changeLocale, currentLocale, initI18n, initialLocale } from './lib/i18n.ts';
import { loadingPages } from './lib/lazy.ts';
import { meta, reloadMeta } from './lib/meta.ts';
import type { WebModule } from './lib/module.ts';
import { setNetworkingStatus } from './lib/networking-status.ts';
import { session } from './lib/session.ts';

/** Renders until no read the screen makes is left to take and no chunk it needs is left to load. */
const MAX_PASSES = 5;

export interface ServerRender {
  /** The markup of #root, or null when the screen could not be rendered whole (the page then starts as before). */
  html: string | null;
  /** Reads of the screen that failed (their query keys): the markup is then null. */
  missing: string[];
  /** The query cache the markup was rendered from: the browser starts from it, so it hydrates the same screen. */
  cache: DehydratedState | null;
  passes: number;
  /** Source folders of the build whose stylesheets the screen uses (the shell's and its module's): the server inlines those. */
  sources: string[];
}

/** Each feature's manifest by its folder: a screen's stylesheets are its feature's (and the shell's). */
const FEATURE_MANIFESTS = import.meta.glob<Record<string, unknown>>('./features/*/module.ts', { eager: true });

/** `src/features/<folder>/` of the module whose route the address matches, and the shell's folder. */
function sourcesOf(pathname: string): string[] {
  const name = matchRoute(pathname)?.name;
  const folders = Object.entries(FEATURE_MANIFESTS)
    .filter(([, exports]) =>
      Object.values(exports).some((m) => WEB_MODULES.includes(m as WebModule) && (m as WebModule).routes.some((r) => r.name === name)),
    )
    .map(([file]) => `src/${file.slice(2, file.lastIndexOf('/') + 1)}`);
  return ['src/app/shell/', ...folders];
}

let i18nReady: Promise<void> | undefined;

/** Forgets the previous page: its member, app, answers and live state (nothing of one page reaches the next). */
function resetPage() {
  missing.clear();
  queryClient.clear();
  // A read that fails is not asked again here: the browser's retries would hold the page for seconds.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  reloadMeta();
  session.reload();
  resetBootData();
  resetPrefetch();
  setNetworkingStatus(null);
}

/** Reads of the screen that failed (neither carried by the page nor answered by the API): the screen is not whole. */
const missing = new Set<string>();

/** Whether any read of the cache is still to be asked (taken from the page's answers; there is no network here). */
async function takePendingReads(): Promise<boolean> {
  const pending = queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && q.options.queryFn);
  await Promise.all(
    pending.map((q) =>
      q.fetch().catch(() => {
        missing.add(JSON.stringify(q.queryKey));
      }),
    ),
  );
  return pending.length > 0;
}

/** The document, storage and address of the page are the worker's (web.ssr-worker.ts); this renders #root for them. */
export async function render(url: string): Promise<ServerRender> {
  resetPage();
  i18nReady ??= initI18n(initialLocale(meta.app_config?.locale, meta.locale));
  await i18nReady;
  // Another page's language: every namespace loaded so far, in this one too.
  const locale = initialLocale(meta.app_config?.locale, meta.locale);
  if (currentLocale() !== locale) await changeLocale(locale);
  if (meta.app_config) queryClient.setQueryData(appConfigQuery.queryKey, meta.app_config);
  for (const m of WEB_MODULES) m.start?.();
  const pathname = new URL(url, 'http://localhost').pathname;
  prefetchRoute(pathname);
  const tree = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  let html = '';
  let passes = 0;
  for (; passes < MAX_PASSES; passes++) {
    html = renderToString(tree);
    const asked = await takePendingReads();
    // The chunks and namespaces this pass asked for (local files here) are there for the next.
    await Promise.allSettled([...loadingPages]);
    if (!asked && !html.includes('<template data-msg') && !html.includes('fullscreen-loader')) break;
  }
  const whole =
    missing.size === 0 && html.includes('id="main"') && !html.includes('<template data-msg') && !html.includes('fullscreen-loader');
  const cache = whole ? dehydrate(queryClient) : null;
  queryClient.clear();
  return { html: whole ? html : null, cache, missing: [...missing], passes: passes + 1, sources: whole ? sourcesOf(pathname) : [] };
}
