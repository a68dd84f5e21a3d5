import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { themeVariables } from '../../lib/color.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import './uikit.css';

/**
 * Developer UI kit (/dev/uikit/*, only where the page metadata's `dev` flag is on): every shared
 * widget in its states. Its labels are developer labels in English (docs/decisions.md "UI kit").
 */

export const UIKIT_PAGES: Array<{ path: string; title: string; text: string }> = [
  { path: '/dev/uikit', title: 'UI kit', text: 'What the kit holds, and the theme switch.' },
  {
    path: '/dev/uikit/components',
    title: 'Components',
    text: 'Every widget of ui/ in its states: empty, error, disabled, loading, long text.',
  },
  { path: '/dev/uikit/header', title: 'Header', text: 'The shell header: phone, desktop, with a menu button and bubbles, long titles.' },
  { path: '/dev/uikit/footer', title: 'Footer', text: 'The classic footer menu with 3, 5 and 8 entries, the More panel and Powered by.' },
  { path: '/dev/uikit/loaders', title: 'Loaders', text: 'Spinners, skeletons, busy buttons and the full-screen loader.' },
  { path: '/dev/uikit/sandbox', title: 'Sandbox', text: 'A scratch area: try a label or a state on a widget.' },
];

type Theme = 'light' | 'dark';
const KEYS = ['--brand', '--accent', '--on-accent'];

/** The page's theme (`?theme=dark`), applied to the whole document with the app's own variables while the kit is open. */
export function useUikitTheme(): [Theme, (t: Theme) => void] {
  const [params, setParams] = useSearchParams();
  // Without a choice, the app's own theme (main.tsx set it on the document from the page metadata).
  const [appTheme] = useState<Theme>(() => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'));
  const asked = params.get('theme');
  const theme: Theme = asked === 'dark' || asked === 'light' ? asked : appTheme;
  useEffect(() => {
    const root = document.documentElement;
    const before = { theme: root.dataset.theme, vars: KEYS.map((k) => root.style.getPropertyValue(k)) };
    const brand = before.vars[0]?.trim() || getComputedStyle(root).getPropertyValue('--brand').trim();
    root.dataset.theme = theme;
    for (const [k, v] of Object.entries(themeVariables(brand, theme))) root.style.setProperty(k, v);
    return () => {
      if (before.theme === undefined) delete root.dataset.theme;
      else root.dataset.theme = before.theme;
      KEYS.forEach((k, i) => {
        const v = before.vars[i];
        if (v) root.style.setProperty(k, v);
        else root.style.removeProperty(k);
      });
    };
  }, [theme]);
  const set = (t: Theme) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('theme', t);
        return next;
      },
      { replace: true },
    );
  return [theme, set];
}

/** Title, the kit's navigation and the light/dark switch around one kit page. */
export function UikitFrame({ title, children }: { title: string; children: ReactNode }) {
  const [theme, setTheme] = useUikitTheme();
  usePageTitle(title);
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search).get('theme') ? `?theme=${theme}` : '';
  return (
    <section className="page uikit" aria-labelledby="uikit-title">
      <header className="uikit-head">
        <h1 id="uikit-title" className="page-title">
          {title}
        </h1>
        <fieldset className="uikit-theme">
          <legend>Theme</legend>
          {(['light', 'dark'] as const).map((t) => (
            <label key={t}>
              <input type="radio" name="uikit-theme" value={t} checked={theme === t} onChange={() => setTheme(t)} />
              {t === 'light' ? 'Light' : 'Dark'}
            </label>
          ))}
        </fieldset>
      </header>
      <nav aria-label="UI kit pages" className="uikit-nav">
        <ul>
          {UIKIT_PAGES.map((p) => (
            <li key={p.path}>
              <Link to={`${p.path}${query}`} aria-current={pathname.replace(/\/$/, '') === p.path ? 'page' : undefined}>
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </section>
  );
}

/** One titled block of a kit page. */
export function KitSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card uikit-section" aria-labelledby={`kit-${id}`} data-kit={id}>
      <h2 id={`kit-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/** One state of a widget, labelled. */
export function KitState({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`uikit-state${wide ? ' wide' : ''}`}>
      <p className="uikit-state-label">{label}</p>
      <div className="uikit-state-body">{children}</div>
    </div>
  );
}
