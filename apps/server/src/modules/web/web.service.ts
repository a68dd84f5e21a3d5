import type { BootData } from '@app/contract/boot-data';
import type { PageMeta } from '@app/contract/schemas/app';
import { gateEntry, leadsWithPictures } from '../../lib/entry-gate.ts';
import { escAttr } from '../../lib/text.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import { toAppConfig } from '../apps/apps.service.ts';
import type { AppIcons } from '../apps/apps.table.ts';

/** JSON text inside a <script>: no `<` can close it (in JSON a `<` is only ever inside a string, where \u003c is the same). */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');
const jsonForScript = (v: unknown) => scriptSafe(JSON.stringify(v));

export function pageMeta(tenant: AppRow, appUrl: string, coreVersion: string, dev: boolean, adminOrigins: string[] = []): PageMeta {
  // A locked app answers app-config with 423; the client fetches it to learn that.
  const config = tenant.isLocked ? {} : { app_config: toAppConfig(tenant) };
  return {
    app_key: tenant.key,
    app_url: appUrl,
    app_name: tenant.name,
    main_color: tenant.mainColor,
    bg_color: tenant.bgColor,
    theme: tenant.theme,
    app_branding: tenant.branding,
    core_version: coreVersion,
    dev,
    admin_origins: adminOrigins,
    ...config,
  };
}

const STYLESHEET = '<link rel="stylesheet"';
/** The largest stylesheet put inside the page (the entry's: ~9 KB); a larger one stays a request. */
const INLINE_CSS_MAX = 32_000;

/**
 * The built page with its own stylesheets inside it (`<style>` instead of `<link rel="stylesheet">`):
 * the first paint then waits for no request (docs/decisions.md "First screen on a phone"). Our own
 * build's template, read once; `read` answers a file of the build by its path (`/css/x.css`), or
 * undefined. Found by plain string search, each link once, so the work is bounded by the template.
 */
export function inlineStylesheets(template: string, read: (href: string) => string | undefined): string {
  let out = '';
  let from = 0;
  for (let at = template.indexOf(STYLESHEET, from); at !== -1; at = template.indexOf(STYLESHEET, from)) {
    const end = template.indexOf('>', at);
    if (end === -1) break;
    const tag = template.slice(at, end + 1);
    const hrefAt = tag.indexOf('href="');
    const href = hrefAt === -1 ? '' : tag.slice(hrefAt + 6, tag.indexOf('"', hrefAt + 6));
    const css = href.startsWith('/css/') && !href.includes('..') ? read(href) : undefined;
    out +=
      template.slice(from, at) + (css !== undefined && css.length <= INLINE_CSS_MAX && !css.includes('</') ? `<style>${css}</style>` : tag);
    from = end + 1;
  }
  return out + template.slice(from);
}

/** Injects the app's page metadata into the built index.html. */
export interface IndexExtras {
  /** Icons made from the organiser's logo (console), if any. */
  icons?: AppIcons | null;
  /** The generated initials icon (`appIcon`), painted by the splash when the app has no logo. */
  splashIcon?: string;
  /** The first screen's data of a signed-in navigation. */
  boot?: BootData | undefined;
  /** The first screen rendered on the server (web.ssr.ts) and the stylesheets of its chunks (`chunkStyles`). */
  firstScreen?: { html: string; cache: string; styles: string };
}

/**
 * The picture preloads React writes at the start of a rendered first screen (`<link rel="preload"
 * as="image">`, for the pictures it shows), taken out of the markup to lead the page's head: the
 * browser then asks for them with the first bytes instead of after the page's inlined styles.
 * The markup is our renderer's own; a plain scan of its leading tags, bounded by its length.
 */
export function leadingPreloads(html: string): { preloads: string; rest: string } {
  let at = 0;
  while (html.startsWith('<link rel="preload"', at)) {
    const end = html.indexOf('/>', at);
    if (end === -1) break;
    at = end + 2;
  }
  return { preloads: html.slice(0, at), rest: html.slice(at) };
}

/** `gateEntry` of the one built page, made once. */
let gated: { template: string; page: string | undefined } | undefined;
function gatedEntry(template: string): string | undefined {
  if (gated?.template !== template) gated = { template, page: gateEntry(template) };
  return gated.page;
}

export function renderIndex(
  template: string,
  meta: PageMeta,
  htmlLang: string,
  { icons, splashIcon, boot, firstScreen }: IndexExtras = {},
): string {
  const q = `?app=${encodeURIComponent(meta.app_key)}`;
  // Icons made from the organiser's logo (console) when there are, else the generated initials icon.
  const iconLink = icons
    ? `<link rel="icon" href="${escAttr(icons.icon192)}" type="image/png" sizes="192x192">`
    : `<link rel="icon" href="/app-icon.svg${q}" type="image/svg+xml">`;
  const touchIcon = icons ? escAttr(icons.apple180) : `/app-icon.svg${q}`;
  const screen = firstScreen ? leadingPreloads(firstScreen.html) : undefined;
  const head = [
    `<title>${escAttr(meta.app_name)}</title>`,
    ...(screen?.preloads ? [screen.preloads] : []),
    `<meta name="theme-color" content="${escAttr(meta.main_color)}">`,
    `<meta name="description" content="${escAttr(meta.app_config?.signup_title || meta.app_name)}">`,
    `<meta name="application-name" content="${escAttr(meta.app_name)}">`,
    `<meta name="apple-mobile-web-app-title" content="${escAttr(meta.app_name)}">`,
    `<link rel="manifest" href="/manifest.webmanifest${q}">`,
    iconLink,
    `<link rel="apple-touch-icon" href="${touchIcon}">`,
    `<script id="app-meta" type="application/json">${jsonForScript(meta)}</script>`,
    ...(boot ? [`<script id="boot-data" type="application/json">${jsonForScript(boot)}</script>`] : []),
    `<style>html{background:${escAttr(meta.bg_color)};color-scheme:${meta.theme}}</style>`,
    ...(firstScreen
      ? [firstScreen.styles, `<script id="first-screen-cache" type="application/json">${scriptSafe(firstScreen.cache)}</script>`]
      : []),
  ].join('\n    ');
  // A branded splash until the app starts (React replaces it): the first paint comes with the HTML.
  // The generated icon travels inside the page (no request before the first paint); a logo is preloaded.
  const logo = meta.app_config?.app_logo;
  const icon = logo ?? (splashIcon ? `data:image/svg+xml,${encodeURIComponent(splashIcon)}` : `/app-icon.svg${q}`);
  const splash =
    `<div class="boot-splash" role="status"><img class="boot-splash-icon" src="${escAttr(icon)}" alt="" width="96" height="96"${logo ? ' fetchpriority="high"' : ''}>` +
    `<p class="boot-splash-name">${escAttr(meta.app_name)}</p></div>`;
  const page = screen && leadsWithPictures(screen.rest) ? (gatedEntry(template) ?? template) : template;
  return page
    .replace(/<title>.*?<\/title>/s, '')
    .replace('<!--app-head-->', () => head)
    .replace('<div id="root"></div>', () =>
      screen ? `<div id="root" data-first-screen="server">${screen.rest}</div>` : `<div id="root">${splash}</div>`,
    )
    .replace(/<html[^>]*>/, `<html lang="${escAttr(htmlLang)}" data-theme="${meta.theme}">`);
}

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const imageType = (url: string) => IMAGE_TYPES[url.split('?')[0]?.split('.').pop()?.toLowerCase() ?? ''] ?? 'image/png';

const SHORT_NAME_MAX = 12;

/**
 * The home-screen label: the whole name when it fits, else as many whole words as fit in 12
 * characters ("Open Summit 2026" → "Open Summit"), else the first word cut to 12.
 */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  let out = '';
  for (const word of words) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    out = next;
  }
  return out || (words[0] ?? '').slice(0, SHORT_NAME_MAX);
}

export function manifest(tenant: AppRow) {
  const q = `?app=${encodeURIComponent(tenant.key)}`;
  return {
    name: tenant.name,
    short_name: tenant.shortName || shortName(tenant.name),
    id: `/?app=${tenant.key}`,
    start_url: `/${q}`,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: tenant.mainColor,
    background_color: tenant.bgColor,
    icons: tenant.icons
      ? [
          { src: tenant.icons.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: tenant.icons.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: tenant.icons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ]
      : [
          tenant.logoUrl
            ? { src: tenant.logoUrl, sizes: 'any', type: imageType(tenant.logoUrl), purpose: 'any' }
            : { src: `/app-icon.svg${q}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: `/app-icon.svg${q}&maskable=1`, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
  };
}

/** A square icon: the app's initials on its theme colour. */
export function appIcon(tenant: AppRow, maskable: boolean): string {
  const initials = escAttr(
    tenant.name
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase(),
  );
  const r = maskable ? 0 : 96;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="${r}" fill="${escAttr(tenant.mainColor)}"/><text x="256" y="256" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="200" font-weight="700" fill="#fff">${initials}</text></svg>`;
}
