// Type only: zod stays out of the login bundle.
import type { PageMeta } from '@app/contract/schemas/app';

/** Page metadata the server injected for this app (app key, url, colours, theme). */
function readMeta(): PageMeta {
  const el = typeof document !== 'undefined' ? document.getElementById('app-meta') : null;
  const parsed: Partial<PageMeta> = el?.textContent ? (JSON.parse(el.textContent) as Partial<PageMeta>) : {};
  if (typeof parsed.app_key === 'string' && typeof parsed.app_url === 'string') {
    return { ...parsed, admin_origins: Array.isArray(parsed.admin_origins) ? parsed.admin_origins : [] } as PageMeta;
  }
  return {
    app_key: 'demo',
    app_url: typeof location !== 'undefined' ? location.origin : '',
    app_name: 'Event app',
    main_color: '#2456d3',
    bg_color: '#ffffff',
    theme: 'light',
    app_branding: true,
    core_version: 'dev',
    dev: true,
    admin_origins: [],
  };
}

export const meta: PageMeta = readMeta();

/** The server renders many apps' pages in one process (entry-server.tsx): each page reads its own metadata. */
export function reloadMeta(): void {
  for (const key of Object.keys(meta)) delete (meta as unknown as Record<string, unknown>)[key];
  Object.assign(meta, readMeta());
}
