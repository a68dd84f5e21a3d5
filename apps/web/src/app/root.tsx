import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { on } from '../lib/events.ts';
import { meta } from '../lib/meta.ts';
import { session, useSession } from '../lib/session.ts';
import { storage } from '../lib/storage.ts';
import { FullScreenLoader } from '../ui/loader.tsx';
import { deriveMenu, queryClient, useAppConfig, useMenu } from './app-state.ts';
import { DebugMenu } from './debug-menu.tsx';
import { LinkInterceptor } from './link-interceptor.tsx';
import { Overlays } from './overlays.tsx';
import { matchRoute } from './route-table.ts';
import { decideRoute } from './routing.ts';
import { UnpublishedPage } from './unpublished-page.tsx';

/** Applies routing rules 1, 3–6 before any page renders, and reacts to API errors (spec 1 §8). */
export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const { token, unpublished } = useSession();
  const config = useAppConfig();
  const menu = useMenu();

  useEffect(() => {
    const offs = [
      on('unauthorized', () => {
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
  if (unpublished || config.isError || (config.data && !config.data.is_published && !isPreviewFrame())) return <UnpublishedPage />;

  const derived = deriveMenu(menu.data);
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    route: matchRoute(location.pathname),
    loggedIn: Boolean(token && menu.data),
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
      {meta.dev && token ? <DebugMenu /> : null}
    </>
  );
}

export function isPreviewFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
