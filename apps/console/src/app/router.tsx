import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppHomePage } from './app-home-page.tsx';
import { AppsPage } from './apps-page.tsx';
import { AreaRoute } from './area-route.tsx';
import { AREAS } from './areas.ts';
import { ConsoleLayout } from './console-layout.tsx';
import { LoginPage } from './login-page.tsx';
import { NewAppPage } from './new-app-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';

const routes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <ConsoleLayout />,
        children: [
          { index: true, element: <AppsPage /> },
          { path: 'apps', element: <Navigate to="/" replace /> },
          { path: 'apps/new', element: <NewAppPage /> },
          { path: 'apps/:appId', element: <AppHomePage /> },
          ...AREAS.map((area) => ({ path: `apps/:appId/${area.path}`, element: <AreaRoute area={area} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/console' });
