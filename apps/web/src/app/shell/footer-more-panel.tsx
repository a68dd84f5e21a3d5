import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { MORE_PANEL_ID } from './footer-nav.tsx';
import { MenuEntry, type MenuListProps } from './menu-entry.tsx';
import { splitFooter } from './menu-model.ts';
import { ShellDialog } from './shell-dialog.tsx';
import './menus.css';

interface Props extends MenuListProps {
  open: boolean;
  onClose: () => void;
}

/** The footer's Menu panel: a bottom sheet with the entries from the fifth on. */
export function FooterMorePanel({ open, onClose, entries, currentId, disabled, onSelect }: Props) {
  const { t } = useTranslation();
  const { overflow } = splitFooter(entries);
  return (
    <ShellDialog open={open} onClose={onClose} label={t('shell.footer.panelTitle')} kind="sheet" id={MORE_PANEL_ID}>
      <div className="sheet-head">
        <span className="sheet-grip" aria-hidden="true" />
        <h2 className="sheet-title">{t('shell.footer.panelTitle')}</h2>
        <button type="button" className="icon-btn" onClick={onClose}>
          <Icon name="close" label={t('common.actions.close')} />
        </button>
      </div>
      <ul className="sheet-menu">
        {overflow.map((item) => (
          <li key={`${item.type}-${item.app_module_id}`}>
            <MenuEntry item={item} variant="list" current={item.app_module_id === currentId} disabled={disabled} onSelect={onSelect} />
          </li>
        ))}
      </ul>
    </ShellDialog>
  );
}
