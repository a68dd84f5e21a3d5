import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { activityPages } from '../features/activity/pages.ts';
import { authPages } from '../features/auth/pages.ts';
import { profilePages } from '../features/profile/pages.ts';
import { lazyPage, type PageMap } from '../lib/lazy.ts';
import { meta } from '../lib/meta.ts';
import { FullScreenLoader, Spinner } from '../ui/loader.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { ModulePlaceholder } from './module-placeholder.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { Root } from './root.tsx';
import { AUTH_ROUTES, DEV_ROUTES, MODULE_ROUTES } from './route-table.ts';
import { ShellLayout } from './shell/shell-layout.tsx';

// Not needed to show the login page: loaded when used.
const LogoutPage = lazyPage(() => import('./logout-page.tsx').then((m) => ({ default: m.LogoutPage })));
const UiKitPage = lazyPage(() => import('./debug-menu.tsx').then((m) => ({ default: m.UiKitPage })));

/** Every feature's pages by route name: the one place a new module's screens are registered. */
const PAGES: PageMap = { ...authPages, ...profilePages, ...activityPages };

function page(name: string) {
  const Page = PAGES[name];
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
          ...MODULE_ROUTES.map((r) => ({ path: r.path, element: page(r.name), handle: r })),
          ...(meta.dev
            ? DEV_ROUTES.map((r) => ({
                path: r.path,
                element: (
                  <Suspense fallback={<Spinner />}>
                    <UiKitPage />
                  </Suspense>
                ),
                handle: r,
              }))
            : []),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
