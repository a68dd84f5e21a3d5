import type { MenuItem } from '@app/contract/schemas/app';
import { type MouseEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Outlet, useLocation } from 'react-router';
import { afterFirstScreen, useAfterFirstScreen } from '../../lib/after-first-screen.ts';
import { deriveMenu, menuQueryKey, moduleOfPath, queryClient, useAppConfig, useMenu } from '../../lib/app-state.ts';
import { meta } from '../../lib/meta.ts';
import { useNetworkingStatus } from '../../lib/networking-status.ts';
import { useShownPageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.ts';
import { connectSocket } from '../../lib/socket.ts';
import { storage } from '../../lib/storage.ts';
import { useUserSettings } from '../../lib/user-settings.ts';
import { WEB_MODULES } from '../modules.ts';
import { matchRoute } from '../route-table.ts';
import { AppHeader } from './app-header.tsx';
import { ChatNotices } from './chat-notices.tsx';
import { FooterMorePanel } from './footer-more-panel.tsx';
import { FooterNav } from './footer-nav.tsx';
import { FULLSCREEN_MENU_ID, FullscreenMenu } from './fullscreen-menu.tsx';
import { InstallPrompt } from './install-prompt.tsx';
import { LeftSidebar } from './left-sidebar.tsx';
import { installEntry, isInstallEntry, isModuleQuery, menuEntries } from './menu-model.ts';
import { NetworkingBanner } from './networking-banner.tsx';
import { DRAWER_ID, OntopDrawer } from './ontop-drawer.tsx';
import { PushPrompt } from './push-prompt.tsx';
import { RightSidebar } from './right-sidebar.tsx';
import { SafeZoneStrip } from './safe-zone-strip.tsx';
import { useInstall } from './use-install.ts';
import { useBreakpoints } from './use-media-query.ts';
import { usePushPrompt } from './use-push-prompt.ts';
import { useShellEffects } from './use-shell-effects.ts';
import './shell-frame.css';

export { PoweredBy } from '../powered-by.tsx';
/** The header and footer pieces, for the developer UI kit (app/uikit), which shows them from this chunk. */
export { AppHeader, FooterMorePanel, FooterNav };

type Overlay = 'none' | 'more' | 'menu';

/** The signed-in app shell of spec 1 §2.3: header, menus, sidebars, banner, prompts, live updates. */
export default function ShellFrame() {
  const { t } = useTranslation();
  const location = useLocation();
  const { token, userId } = useSession();
  const config = useAppConfig().data;
  const menu = useMenu().data;
  const derived = deriveMenu(menu);
  const current = moduleOfPath(menu?.menu, location.pathname);
  // A module's pages are named after the module; a page outside any module names itself.
  const pageTitle = useShownPageTitle();
  const title = current?.name ?? pageTitle ?? undefined;
  const route = matchRoute(location.pathname);
  const layout = route?.layout ?? 'default';
  const { md, lg } = useBreakpoints();
  const style = config?.menu_style ?? 'classic';
  const appName = config?.app_name ?? meta.app_name;
  const homeUrl = derived.firstModuleUrl ?? '/';
  const disabled = !derived.profileCompleted;
  const networking = useNetworkingStatus();
  const install = useInstall();
  // One prompt at a time: the push card waits while the install dialog is open.
  const push = usePushPrompt({
    enabled: derived.profileCompleted && !install.open,
    publicKey: menu?.push_public_key ?? '',
    userId: menu?.user_id ?? userId,
  });
  const [overlay, setOverlay] = useState<Overlay>('none');
  useShellEffects(menu?.app_badge_count);
  // The member's notification settings, for in-app notices (spec 1 §3); read once the shell is up.
  useUserSettings(Boolean(token));

  const installName = t('shell.install.entry');
  const entries = useMemo(
    () => menuEntries(derived.items, install.offered && install.hidden ? installEntry(install.ios, installName) : null),
    [derived.items, install.offered, install.hidden, install.ios, installName],
  );

  // Live updates, prompts and notices start once the first screen is up (lib/after-first-screen.ts).
  const settled = useAfterFirstScreen();
  useEffect(() => {
    if (!token) return;
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) void connectSocket({ queryClient, menuKey: menuQueryKey, modules: WEB_MODULES });
    });
    return () => {
      live = false;
    };
  }, [token]);

  // A navigation closes whatever menu was open; so does growing past md, where the sidebar takes over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change itself is the trigger
  useEffect(() => setOverlay('none'), [location.pathname, md]);

  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);

  // The page-style menu opens by itself once, on a phone, on the first module (spec 1 §2.3).
  const firstId = derived.items.find((m) => !isInstallEntry(m))?.app_module_id;
  useEffect(() => {
    if (style !== 'page' || md || disabled || current === undefined || current.app_module_id !== firstId) return;
    if (storage.get('menu_page_shown') || storage.get('external_registration')) return;
    storage.set('menu_page_shown', '1');
    setOverlay('menu');
  }, [style, md, disabled, current, firstId]);

  const onSelect = useCallback(
    (item: MenuItem, event: MouseEvent<HTMLElement>) => {
      setOverlay('none');
      if (isInstallEntry(item)) {
        install.show();
        return;
      }
      if (item.app_module_id !== current?.app_module_id) return;
      // The current module's entry reloads its content instead of navigating (on its index page).
      void queryClient.invalidateQueries({ predicate: (q) => isModuleQuery(q.queryKey, item.type) });
      // A search or filter in the address is left by navigating to the bare index (it clears them).
      if (location.pathname === item.url && !location.search) {
        event.preventDefault();
        window.scrollTo({ top: 0 });
      }
    },
    [current, location.pathname, location.search, install.show],
  );

  const footer = style === 'classic' && !md;
  const headerMenu = style !== 'classic' && !md;
  const right = lg && current?.type !== 'activity';
  const menuProps = { entries, currentId: current?.app_module_id, disabled, onSelect };
  // Rule 9: a new module, or the same route with other params, mounts the page afresh.
  const pageKey = `${current?.app_module_id ?? ''}:${JSON.stringify((route && matchPath(route.path, location.pathname)?.params) ?? {})}`;

  return (
    <div className={`shell menu-${style}${md ? ' has-left' : ''}${right ? ' has-right' : ''}${footer ? ' has-footer' : ''}`}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      {md ? <LeftSidebar appName={appName} homeUrl={homeUrl} {...menuProps} /> : null}
      <div className="shell-column">
        <div className="shell-top">
          <SafeZoneStrip status={networking} />
          <AppHeader
            appName={appName}
            homeUrl={homeUrl}
            title={title}
            compact={!md}
            menu={
              headerMenu
                ? {
                    open: overlay === 'menu',
                    controls: style === 'ontop' ? DRAWER_ID : FULLSCREEN_MENU_ID,
                    entries,
                    disabled,
                    onToggle: () => setOverlay(overlay === 'menu' ? 'none' : 'menu'),
                  }
                : undefined
            }
          />
          <NetworkingBanner status={networking} moduleId={derived.networkingModule?.app_module_id} />
        </div>
        {settled ? <PushPrompt state={install.open ? { ...push, visible: false } : push} /> : null}
        <main id="main" tabIndex={-1} className={`shell-main layout-${layout}`}>
          <div key={pageKey} className="shell-page">
            <Outlet />
          </div>
        </main>
      </div>
      {right && settled ? <RightSidebar activityUrl={derived.items.find((m) => m.type === 'activity')?.url} /> : null}
      {footer ? <FooterNav {...menuProps} moreOpen={overlay === 'more'} onMore={() => setOverlay('more')} /> : null}
      {footer ? <FooterMorePanel {...menuProps} open={overlay === 'more'} onClose={() => setOverlay('none')} /> : null}
      {headerMenu && style === 'ontop' ? (
        <OntopDrawer {...menuProps} appName={appName} open={overlay === 'menu'} onClose={() => setOverlay('none')} />
      ) : null}
      {headerMenu && (style === 'page' || style === 'large') ? (
        <FullscreenMenu {...menuProps} appName={appName} style={style} open={overlay === 'menu'} onClose={() => setOverlay('none')} />
      ) : null}
      {settled ? <InstallPrompt state={install} appName={appName} /> : null}
      {settled ? <ChatNotices mobile={!md} /> : null}
    </div>
  );
}
