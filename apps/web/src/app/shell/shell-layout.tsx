import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy.ts';
import { FullScreenLoader } from '../../ui/loader.tsx';

// The signed-in chrome (menus, sidebars, socket, prompts) is its own chunk, so the login page never loads it.
const ShellFrame = lazyPage(() => import('./shell-frame.tsx'));

/** Starts loading the shell's chunk (a signed-in page, at the app's start: prefetchRoute). */
export const preloadShell = () => ShellFrame.preload();

/** Layout of every module route: loads the shell chunk, which renders the page through its Outlet. */
export function ShellLayout() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <ShellFrame />
    </Suspense>
  );
}
