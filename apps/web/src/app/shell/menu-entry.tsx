import type { MenuItem } from '@app/contract/schemas/app';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../ui/icon.tsx';
import { MenuBubble } from './menu-bubble.tsx';
import { bubbleDisplay, entryIcon, isInstallEntry } from './menu-model.ts';
import './menu-entry.css';

export type MenuEntryVariant = 'sidebar' | 'footer' | 'list' | 'page' | 'tile';

interface Props {
  item: MenuItem;
  variant: MenuEntryVariant;
  current: boolean;
  /** Profile incomplete: shown dimmed, not clickable, out of the tab order. */
  disabled?: boolean;
  onSelect: (item: MenuItem, event: MouseEvent<HTMLElement>) => void;
}

/** One menu entry (icon, name, bubble) as every menu style draws it. */
export function MenuEntry({ item, variant, current, disabled, onSelect }: Props) {
  const cls = `menu-entry menu-entry-${variant}${current ? ' is-current' : ''}`;
  // The bubble follows the name, so a screen reader hears "Chats, 3 new"; CSS places it on the icon where needed.
  const content = (
    <>
      <span className="menu-entry-icon">
        <Icon name={entryIcon(item)} size={variant === 'tile' ? 30 : 22} />
      </span>
      <span className="menu-entry-name">{item.name}</span>
      <MenuBubble display={bubbleDisplay(item)} />
    </>
  );
  if (isInstallEntry(item)) {
    return (
      <button type="button" className={cls} aria-haspopup="dialog" disabled={disabled} onClick={(e) => onSelect(item, e)}>
        {content}
      </button>
    );
  }
  return (
    <Link
      to={item.url}
      className={cls}
      aria-current={current ? 'page' : undefined}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : undefined}
      onClick={(e) => {
        if (disabled) e.preventDefault();
        else onSelect(item, e);
      }}
    >
      {content}
    </Link>
  );
}

/** What every menu style gets from the shell. */
export interface MenuListProps {
  entries: MenuItem[];
  currentId: number | undefined;
  disabled: boolean;
  onSelect: (item: MenuItem, event: MouseEvent<HTMLElement>) => void;
}
