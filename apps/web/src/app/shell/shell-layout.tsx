import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy.ts';
import { FullScreenLoader } from '../../ui/loader.tsx';

// The signed-in chrome (menus, sidebars, socket, prompts) is its own chunk, so the login page never loads it.
const ShellFrame = lazyPage(() => import('./shell-frame.tsx'));

/** Layout of every module route: loads the shell chunk, which renders the page through its Outlet. */
export function ShellLayout() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <ShellFrame />
    </Suspense>
  );
}
