import { describe, expect, it } from 'vitest';
import { classifyLinkClick, type LinkClick } from './link-clicks.ts';

const origin = 'https://app.example.com';
const click = (o: Partial<LinkClick>): LinkClick => ({
  href: '/news/1',
  target: null,
  download: false,
  modified: false,
  inEditor: false,
  alreadyHandled: false,
  ...o,
});

describe('routing rule 10: link clicks', () => {
  it('navigates inside the app for internal links, absolute or relative', () => {
    expect(classifyLinkClick(click({}), origin)).toEqual({ type: 'navigate', to: '/news/1' });
    expect(classifyLinkClick(click({ href: 'https://app.example.com/chats/4?x=1#m' }), origin)).toEqual({
      type: 'navigate',
      to: '/chats/4?x=1#m',
    });
  });

  it('opens external links in a new tab unless they target the same window', () => {
    expect(classifyLinkClick(click({ href: 'https://example.org/a' }), origin)).toEqual({
      type: 'open',
      url: 'https://example.org/a',
      newTab: true,
    });
    expect(classifyLinkClick(click({ href: 'https://example.org/a', target: '_self' }), origin)).toEqual({
      type: 'open',
      url: 'https://example.org/a',
      newTab: false,
    });
  });

  it('leaves anchors, mailto, tel, downloads, modified clicks and editor links alone', () => {
    for (const c of [
      click({ href: '#top' }),
      click({ href: 'mailto:a@b.c' }),
      click({ href: 'tel:+3701234' }),
      click({ download: true }),
      click({ modified: true }),
      click({ inEditor: true }),
      click({ alreadyHandled: true }),
      click({ external: true }),
      click({ href: null }),
      click({ href: 'javascript:alert(1)' }),
    ]) {
      expect(classifyLinkClick(c, origin)).toEqual({ type: 'ignore' });
    }
  });
});
