import { Suspense } from 'react';
import { Outlet, type RouteObject, useRoutes } from 'react-router';
import { lazyPage } from '../lib/lazy.ts';
import { meta } from '../lib/meta.ts';
import { FullScreenLoader, Spinner } from '../ui/loader.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { ModulePlaceholder } from './module-placeholder.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { Root } from './root.tsx';
import { AUTH_ROUTES, DEV_ROUTES, MODULE_ROUTES, pageOf } from './route-table.ts';
import { ShellLayout } from './shell/shell-layout.tsx';

// Not needed to show the login page: loaded when used.
const LogoutPage = lazyPage(() => import('./logout-page.tsx').then((m) => ({ default: m.LogoutPage })));
// The developer UI kit (dev.uikit.*): one chunk choosing its page, which loads its own chunk.
const UiKitPage = lazyPage(() => import('./uikit/uikit-routes.tsx'), ['widgets', 'filters', 'content', 'agenda']);

function page(name: string) {
  const Page = pageOf(name);
  return Page ? (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  ) : (
    <ModulePlaceholder />
  );
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: (
          <AuthLayout>
            <Suspense fallback={<FullScreenLoader />}>
              <Outlet />
            </Suspense>
          </AuthLayout>
        ),
        children: AUTH_ROUTES.map((r) => ({ path: r.path, element: page(r.name) })),
      },
      {
        path: '/logout',
        element: (
          <Suspense fallback={<FullScreenLoader />}>
            <LogoutPage />
          </Suspense>
        ),
      },
      { path: '/', element: <FullScreenLoader /> },
      {
        element: <ShellLayout />,
        children: [
          ...MODULE_ROUTES.map((r) => ({ path: r.path, element: page(r.name) })),
          ...(meta.dev
            ? DEV_ROUTES.map((r) => ({
                path: r.path,
                element: (
                  <Suspense fallback={<Spinner />}>
                    <UiKitPage />
                  </Suspense>
                ),
              }))
            : []),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's routes, matched by the declarative router (BrowserRouter in main.tsx): the data router's
 * code (loaders, fetchers, actions) is 17 KB gz that the login page does not need.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
