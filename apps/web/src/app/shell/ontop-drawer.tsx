import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { AppLogo } from './app-logo.tsx';
import { MenuEntry, type MenuListProps } from './menu-entry.tsx';
import { ShellDialog } from './shell-dialog.tsx';
import './menus.css';

interface Props extends MenuListProps {
  open: boolean;
  onClose: () => void;
  appName: string;
}

export const DRAWER_ID = 'menu-drawer';

/** "ontop" menu style: a drawer sliding down from the header. */
export function OntopDrawer({ open, onClose, appName, entries, currentId, disabled, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <ShellDialog open={open} onClose={onClose} label={t('shell.menu.title')} kind="drawer" id={DRAWER_ID}>
      <div className="drawer-head">
        <button type="button" className="icon-btn" onClick={onClose}>
          <Icon name="close" label={t('shell.menu.close')} />
        </button>
        <AppLogo size={32} />
        <span className="drawer-app-name">{appName}</span>
      </div>
      <nav aria-label={t('shell.nav.main')}>
        <ul className="drawer-menu">
          {entries.map((item) => (
            <li key={`${item.type}-${item.app_module_id}`}>
              <MenuEntry item={item} variant="list" current={item.app_module_id === currentId} disabled={disabled} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      </nav>
    </ShellDialog>
  );
}
