import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PoweredBy } from '../powered-by.tsx';
import { AppLogo } from './app-logo.tsx';
import { MenuEntry, type MenuListProps } from './menu-entry.tsx';
import './left-sidebar.css';

interface Props extends MenuListProps {
  appName: string;
  homeUrl: string;
}

/**
 * Desktop menu (width ≥ md): logo and name to the first module, then every entry with its bubble.
 * The whole column is one landmark, so the brand and the footer are not outside any region.
 */
export function LeftSidebar({ appName, homeUrl, entries, currentId, disabled, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <aside className={`left-sidebar${disabled ? ' is-disabled' : ''}`} aria-label={t('shell.nav.sidebar')}>
      <Link
        to={homeUrl}
        className="sidebar-brand"
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : undefined}
        onClick={(e) => disabled && e.preventDefault()}
      >
        <AppLogo size={40} />
        <span className="sidebar-app-name">{appName}</span>
      </Link>
      {disabled ? <p className="sidebar-note">{t('shell.menu.completeProfile')}</p> : null}
      <nav aria-label={t('shell.nav.main')}>
        <ul className="sidebar-menu">
          {entries.map((item) => (
            <li key={`${item.type}-${item.app_module_id}`}>
              <MenuEntry item={item} variant="sidebar" current={item.app_module_id === currentId} disabled={disabled} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-foot">
        <PoweredBy />
      </div>
    </aside>
  );
}
