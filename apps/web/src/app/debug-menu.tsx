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

/** /dev/uikit pages: the shared widgets on one screen, for designers and developers. */
export function UiKitPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t('shell.debug.uikit')}</h1>
      <div className="row" style={{ flexWrap: 'wrap' }}>
        <button type="button" className="btn btn-primary">
          {t('common.actions.save')}
        </button>
        <button type="button" className="btn btn-secondary">
          {t('common.actions.cancel')}
        </button>
        <button type="button" className="btn btn-ghost">
          {t('common.actions.seeAll')}
        </button>
      </div>
    </section>
  );
}
