import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { deriveMenu, queryClient, useAppConfig, useMenu } from '../lib/app-state.ts';
import { on } from '../lib/events.ts';
import { lazyPage } from '../lib/lazy.ts';
import { meta } from '../lib/meta.ts';
import { isPreviewFrame } from '../lib/preview.ts';
import { session, useSession } from '../lib/session.ts';
import { storage } from '../lib/storage.ts';
import { FullScreenLoader } from '../ui/loader.tsx';
import { LinkInterceptor } from './link-interceptor.tsx';
import { LoadErrorPage } from './load-error-page.tsx';

const DebugMenu = lazyPage(() => import('./debug-menu.tsx').then((m) => ({ default: m.DebugMenu })));

import { Overlays } from './overlays.tsx';
import { prefetchRoute } from './prefetch.ts';
import { matchRoute } from './route-table.ts';
import { decideRoute } from './routing.ts';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { UnpublishedPage } from './unpublished-page.tsx';

/** Applies routing rules 1, 3–6 before any page renders, and reacts to API errors (spec 1 §8). */
export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const { token, unpublished } = useSession();
  const config = useAppConfig();
  const menu = useMenu();
  // The page's data request goes out with the first render of its address, beside the chunks.
  prefetchRoute(location.pathname);

  useEffect(() => {
    const offs = [
      on('unauthorized', () => {
        // A call still running when /logout revokes the token answers 401: the logout is already under way.
        if (window.location.pathname === '/logout') return;
        session.clear();
        queryClient.clear();
        window.location.reload();
      }),
      on('moduleGone', () => navigate('/', { replace: true })),
      on('locked', () => session.lock()),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [navigate]);

  // Rule 1: nothing is routed until the app has loaded.
  if (config.isPending || (token && menu.isPending)) return <FullScreenLoader />;
  // Spec 1 §2.4: only a 451 or 423 means the app is closed; any other failure (a 500, no network) can be retried.
  const closed = config.error instanceof ApiError && (config.error.status === 451 || config.error.status === 423);
  if (unpublished || closed || (config.data && !config.data.is_published && !isPreviewFrame())) return <UnpublishedPage />;
  if (config.isError && !config.data) return <LoadErrorPage onRetry={() => void config.refetch()} busy={config.isFetching} />;

  // Signed in, but the menu failed: not a reason to treat the user as logged out. A 401 has already
  // logged out and reloads; anything else shows an error with a retry on the same url. Logging out
  // stays possible.
  if (token && menu.isError && !menu.data) {
    if (menu.error instanceof ApiError && menu.error.status === 401) return <FullScreenLoader />;
    if (location.pathname !== '/logout') return <LoadErrorPage onRetry={() => void menu.refetch()} busy={menu.isFetching} />;
  }

  const derived = deriveMenu(menu.data);
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    route: matchRoute(location.pathname),
    // With a token the menu is there by now (or failed, on /logout only).
    loggedIn: Boolean(token),
    profileCompleted: derived.profileCompleted,
    firstModuleUrl: derived.firstModuleUrl,
    profileEditUrl: derived.profileEditUrl,
    returnUrl: storage.get('return_url'),
  });
  if (decision.type === 'redirect') {
    if (decision.rememberReturn) storage.set('return_url', decision.rememberReturn);
    if (decision.clearReturn) storage.remove('return_url');
    return <Navigate to={decision.to} replace />;
  }
  return (
    <>
      <Outlet />
      <LinkInterceptor />
      <ScrollRestoration />
      <Overlays firstModuleUrl={derived.firstModuleUrl ?? '/'} />
      {meta.dev && token ? (
        <Suspense fallback={null}>
          <DebugMenu />
        </Suspense>
      ) : null}
    </>
  );
}
