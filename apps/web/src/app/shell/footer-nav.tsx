import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon.tsx';
import { MenuBubble } from './menu-bubble.tsx';
import { MenuEntry, type MenuListProps } from './menu-entry.tsx';
import { splitFooter, strongestBubble } from './menu-model.ts';
import './footer-nav.css';

interface Props extends MenuListProps {
  moreOpen: boolean;
  onMore: () => void;
}

export const MORE_PANEL_ID = 'footer-more-panel';

/** Classic menu on phones: the first 5 entries, or 4 and a Menu entry opening the rest (spec 1 §2.3). */
export function FooterNav({ entries, currentId, disabled, onSelect, moreOpen, onMore }: Props) {
  const { t } = useTranslation();
  const { visible, overflow } = splitFooter(entries);
  const currentInMore = overflow.some((m) => m.app_module_id === currentId);
  return (
    <footer className="app-footer">
      <nav aria-label={t('shell.nav.main')}>
        <ul className="footer-menu">
          {visible.map((item) => (
            <li key={`${item.type}-${item.app_module_id}`}>
              <MenuEntry item={item} variant="footer" current={item.app_module_id === currentId} disabled={disabled} onSelect={onSelect} />
            </li>
          ))}
          {overflow.length > 0 ? (
            <li>
              <button
                type="button"
                className={`menu-entry menu-entry-footer${currentInMore ? ' is-current' : ''}`}
                aria-haspopup="dialog"
                aria-expanded={moreOpen}
                aria-controls={MORE_PANEL_ID}
                disabled={disabled}
                onClick={onMore}
              >
                <span className="menu-entry-icon">
                  <Icon name="menu" size={22} />
                </span>
                <span className="menu-entry-name">{t('shell.footer.menu')}</span>
                <MenuBubble display={strongestBubble(overflow)} />
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
    </footer>
  );
}
