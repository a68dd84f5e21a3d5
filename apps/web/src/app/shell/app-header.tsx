import type { MenuItem } from '@app/contract/schemas/app';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../ui/icon.tsx';
import { AppLogo } from './app-logo.tsx';
import { MenuBubble } from './menu-bubble.tsx';
import { strongestBubble } from './menu-model.ts';
import './app-header.css';

interface Props {
  appName: string;
  homeUrl: string;
  /** The current module's name: the page title region. */
  title: string | undefined;
  /** Phones: the logo and app name live here (on desktop the left sidebar has them). */
  compact: boolean;
  /** Set when the menu style opens its menu from a header button (ontop, page, large on phones). */
  menu?: { open: boolean; controls: string; entries: MenuItem[]; disabled: boolean; onToggle: () => void } | undefined;
}

export function AppHeader({ appName, homeUrl, title, compact, menu }: Props) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      {menu ? (
        <button
          type="button"
          className="icon-btn menu-button"
          aria-haspopup="dialog"
          aria-expanded={menu.open}
          aria-controls={menu.controls}
          disabled={menu.disabled}
          onClick={menu.onToggle}
        >
          <Icon name="menu" label={t(menu.open ? 'shell.menu.close' : 'shell.menu.open')} />
          <MenuBubble display={strongestBubble(menu.entries)} />
        </button>
      ) : null}
      {compact ? (
        <Link to={homeUrl} className="app-header-logo">
          <AppLogo size={32} />
          <span className="visually-hidden">{t('shell.home', { name: appName })}</span>
        </Link>
      ) : null}
      <div className="app-header-titles">
        <span className="app-header-title">{title ?? appName}</span>
        {compact && title ? <span className="app-header-app">{appName}</span> : null}
      </div>
    </header>
  );
}
