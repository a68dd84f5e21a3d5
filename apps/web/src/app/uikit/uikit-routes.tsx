import { type ComponentType, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../ui/loader.tsx';
import { NotFoundPage } from '../not-found-page.tsx';

/**
 * The developer UI kit's pages (dev.uikit.*) behind one lazy entry of the router (which loads the
 * widgets' texts), so the entry bundle carries one import for all of them; each page is its own
 * chunk again. React's `lazy`, not `lazyPage`: importing lib/lazy.ts here split the preload helper
 * and lib/i18n out of the entry chunk (+0.7 kB gz on the login page).
 */
const PAGES: Record<string, ComponentType> = {
  '/dev/uikit': lazy(() => import('./uikit-index-page.tsx')),
  '/dev/uikit/components': lazy(() => import('./components-page.tsx')),
  '/dev/uikit/header': lazy(() => import('./header-page.tsx')),
  '/dev/uikit/footer': lazy(() => import('./footer-page.tsx')),
  '/dev/uikit/loaders': lazy(() => import('./loaders-page.tsx')),
  '/dev/uikit/sandbox': lazy(() => import('./sandbox-page.tsx')),
};

export default function UikitRoutes() {
  const Page = PAGES[useLocation().pathname.replace(/\/$/, '')];
  return Page ? (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  ) : (
    <NotFoundPage />
  );
}
