import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { classifyLinkClick } from './link-clicks.ts';

/** Applies routing rule 10 to plain <a> elements (rich content, activity texts); router Links handle themselves. */
export function LinkInterceptor() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest('a') : null;
      if (!a) return;
      const action = classifyLinkClick(
        {
          href: a.getAttribute('href'),
          target: a.getAttribute('target'),
          download: a.hasAttribute('download'),
          modified: e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey,
          inEditor: Boolean(a.closest('[contenteditable="true"], .rich-editor')),
          alreadyHandled: e.defaultPrevented,
          external: (a.getAttribute('rel') ?? '').split(/\s+/).includes('external'),
        },
        window.location.origin,
      );
      if (action.type === 'ignore') return;
      e.preventDefault();
      if (action.type === 'navigate') navigate(action.to);
      else if (action.newTab) window.open(action.url, '_blank', 'noopener,noreferrer');
      else window.location.assign(action.url);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
