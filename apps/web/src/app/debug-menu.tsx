import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../ui/icon.tsx';
import { ALL_ROUTES } from './route-table.ts';
import './debug-menu.css';

/** Development only: a collapsible floating list of every registered route (spec 1 §2.4). */
export function DebugMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <aside className="debug-menu" aria-label={t('shell.debug.title')}>
      <button type="button" className="icon-btn debug-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="bug" label={t('shell.debug.title')} />
      </button>
      {open ? (
        <ul className="debug-list">
          {ALL_ROUTES.map((r) => (
            <li key={r.name}>
              <Link to={r.path.replace(/:[a-z_]+/g, '1')} onClick={() => setOpen(false)}>
                <code>{r.name}</code> <span className="muted">{r.path}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
