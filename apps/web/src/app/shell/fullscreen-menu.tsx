import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { PoweredBy } from '../powered-by.tsx';
import { AppLogo } from './app-logo.tsx';
import { MenuEntry, type MenuListProps } from './menu-entry.tsx';
import { ShellDialog } from './shell-dialog.tsx';
import './menus.css';

interface Props extends MenuListProps {
  open: boolean;
  onClose: () => void;
  appName: string;
  /** page: a column of buttons; large: a two-column grid of tiles. */
  style: 'page' | 'large';
}

export const FULLSCREEN_MENU_ID = 'menu-fullscreen';

/** The "page" and "large" menu styles: a full-screen modal menu (spec 1 §2.3). */
export function FullscreenMenu({ open, onClose, appName, style, entries, currentId, disabled, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <ShellDialog open={open} onClose={onClose} label={t('shell.menu.title')} kind="fullscreen" id={FULLSCREEN_MENU_ID}>
      <div className={`fullmenu fullmenu-${style}`}>
        <div className="fullmenu-head">
          <AppLogo size={40} />
          <span className="fullmenu-app-name">{appName}</span>
          <button type="button" className="icon-btn" onClick={onClose}>
            <Icon name="close" label={t('shell.menu.close')} />
          </button>
        </div>
        <nav aria-label={t('shell.nav.main')}>
          <ul className={style === 'large' ? 'tile-grid' : 'page-menu'}>
            {entries.map((item) => (
              <li key={`${item.type}-${item.app_module_id}`}>
                <MenuEntry
                  item={item}
                  variant={style === 'large' ? 'tile' : 'page'}
                  current={item.app_module_id === currentId}
                  disabled={disabled}
                  onSelect={onSelect}
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="fullmenu-foot">
          <PoweredBy />
        </div>
      </div>
    </ShellDialog>
  );
}
