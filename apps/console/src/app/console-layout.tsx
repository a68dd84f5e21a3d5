import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { callApi } from '../lib/api.ts';
import { useCurrentApp } from '../lib/current-app.ts';
import { session } from '../lib/session.ts';
import { Button } from '../ui/button.tsx';
import { areasFor } from './areas.ts';
import { LanguageSelect } from './language-select.tsx';

/** Closes a disclosure on Escape or a click outside it. */
function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        ref.current?.querySelector<HTMLElement>('[aria-expanded]')?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open, close]);
  return ref;
}

function AppSwitcher() {
  const { t } = useTranslation();
  const { app, me } = useCurrentApp();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const ref = useDismiss(open, close);
  const menuId = useId();
  const apps = me.data?.apps ?? [];
  return (
    <div className="disclosure" ref={ref}>
      <button type="button" className="topbar-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <span className="visually-hidden">{t('console.switcher.label')}: </span>
        <span className="switcher-name">{app?.name ?? t('console.switcher.all')}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="popover" id={menuId}>
          <ul className="switcher-list">
            <li>
              <Link to="/" onClick={close}>
                {t('console.switcher.all')}
              </Link>
            </li>
            {apps.map((a) => (
              <li key={a.id}>
                <Link to={`/apps/${a.id}`} onClick={close} aria-current={a.id === app?.id ? 'page' : undefined}>
                  <span>{a.name}</span> <span className="muted">{t(`console.roles.${a.role}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const { me } = useCurrentApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ref = useDismiss(open, () => setOpen(false));
  const menuId = useId();
  const signOut = async () => {
    setBusy(true);
    try {
      const { consoleEndpoints } = await import('@app/contract/schemas/console');
      await callApi(consoleEndpoints.logout, {});
    } catch {
      // the token is dropped either way
    }
    session.clear();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  return (
    <div className="disclosure" ref={ref}>
      <button type="button" className="topbar-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <span className="visually-hidden">{t('console.user.menu')}: </span>
        <span className="user-name">{me.data?.name || me.data?.email || '…'}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="popover popover-end" id={menuId}>
          {me.data && (
            <p className="user-email">
              {me.data.email}
              {me.data.is_operator && <span className="muted"> · {t('console.roles.operator')}</span>}
            </p>
          )}
          <LanguageSelect />
          <Button onClick={signOut} busy={busy} className="signout">
            {t('console.user.signOut')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** An area's count on its sidebar entry (the moderation queue's open reports), hidden at zero. */
function AreaBubble({ appId, use }: { appId: number; use: (appId: number) => number | undefined }) {
  const { t } = useTranslation();
  const n = use(appId);
  if (!n) return null;
  return (
    <span className="nav-bubble">
      <span aria-hidden="true">{n > 99 ? '99+' : n}</span>
      <span className="visually-hidden">{t('console.nav.bubble', { count: n })}</span>
    </span>
  );
}

/** Top bar, the current app's sidebar (a menu button below 800 px) and the page. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const { appId, app } = useCurrentApp();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const areas = areasFor(app?.role);
  const navId = useId();
  // A page change closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setNavOpen(false), [location.pathname]);

  return (
    <div className="console">
      <a className="skip-link" href="#main">
        {t('console.skip')}
      </a>
      <header className="topbar">
        {appId !== undefined && (
          <button
            type="button"
            className="topbar-button nav-toggle"
            aria-expanded={navOpen}
            aria-controls={navId}
            onClick={() => setNavOpen(!navOpen)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t('console.nav.toggle')}</span>
          </button>
        )}
        <Link to="/" className="brand">
          {t('console.product')}
        </Link>
        <AppSwitcher />
        <div className="topbar-end">
          <UserMenu />
        </div>
      </header>
      <div className="console-body">
        {appId !== undefined && app && (
          <nav className={`sidebar${navOpen ? ' open' : ''}`} id={navId} aria-label={t('console.nav.label')}>
            <p className="sidebar-app">{app.name}</p>
            <ul>
              {app.role !== 'moderator' && (
                <li>
                  <NavLink to={`/apps/${appId}`} end>
                    {t('console.nav.overview')}
                  </NavLink>
                </li>
              )}
              {areas.map((a) => (
                <li key={a.path}>
                  <NavLink to={`/apps/${appId}/${a.path}`}>
                    {t(a.labelKey)}
                    {a.useBubble && <AreaBubble appId={appId} use={a.useBubble} />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" className="content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
