import { type ComponentType, Suspense } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';
import { Spinner } from '../../ui/loader.tsx';
import { NotFoundPage } from '../not-found-page.tsx';

/**
 * The developer UI kit's pages (dev.uikit.*) behind one lazy entry of the router, so the entry
 * bundle carries one import for all of them; each page is its own chunk again, loaded with the
 * widgets' texts.
 */
const NS = ['widgets', 'filters', 'content', 'agenda'];
const PAGES: Record<string, ComponentType> = {
  '/dev/uikit': lazyPage(() => import('./uikit-index-page.tsx'), NS),
  '/dev/uikit/components': lazyPage(() => import('./components-page.tsx'), NS),
  '/dev/uikit/header': lazyPage(() => import('./header-page.tsx'), NS),
  '/dev/uikit/footer': lazyPage(() => import('./footer-page.tsx'), NS),
  '/dev/uikit/loaders': lazyPage(() => import('./loaders-page.tsx'), NS),
  '/dev/uikit/sandbox': lazyPage(() => import('./sandbox-page.tsx'), NS),
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
