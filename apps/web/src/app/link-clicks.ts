export interface LinkClick {
  href: string | null;
  target: string | null;
  download: boolean;
  /** A modifier key, or not the main button. */
  modified: boolean;
  /** The link sits in the rich-text editor. */
  inEditor: boolean;
  alreadyHandled: boolean;
  /** rel="external": a page load the browser does itself (e.g. a server redirect). */
  external?: boolean;
}

export type LinkAction = { type: 'ignore' } | { type: 'navigate'; to: string } | { type: 'open'; url: string; newTab: boolean };

/** Routing rule 10: what a click on an <a> does (pure, so it is unit-tested). */
export function classifyLinkClick(c: LinkClick, origin: string): LinkAction {
  if (c.alreadyHandled || c.modified || c.download || c.inEditor || c.external || !c.href) return { type: 'ignore' };
  const href = c.href.trim();
  if (href.startsWith('#') || /^(mailto|tel|sms|javascript):/i.test(href)) return { type: 'ignore' };
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return { type: 'ignore' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { type: 'ignore' };
  if (url.origin === origin) return { type: 'navigate', to: `${url.pathname}${url.search}${url.hash}` };
  return { type: 'open', url: url.href, newTab: c.target !== '_self' };
}
