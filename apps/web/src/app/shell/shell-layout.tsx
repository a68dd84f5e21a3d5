import { Outlet } from 'react-router';
import { useCurrentModule } from '../app-state.ts';

/** Placeholder shell: header, sidebars, footer and banner are built in app/shell/. */
export function ShellLayout() {
  const mod = useCurrentModule();
  return (
    <div className="shell">
      <main id="main" className="shell-main" key={mod?.app_module_id}>
        <Outlet />
      </main>
    </div>
  );
}
