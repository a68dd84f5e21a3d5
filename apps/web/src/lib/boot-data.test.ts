import { describe, expect, it } from 'vitest';
import { readKey } from './boot-data.ts';

describe('boot data keys', () => {
  it('are the path and the sorted query, as the server keys them (web.first-screen.ts)', () => {
    const at = (u: string) => readKey(new URL(u, 'https://app.example'));
    expect(at('/content/1/posts?per-page=10&page=1')).toBe('/content/1/posts?page=1&per-page=10');
    expect(at('/user/app-menu')).toBe('/user/app-menu');
    expect(at('/user/related-list?entity=event&id=1&page=1&per-page=20')).toBe('/user/related-list?entity=event&id=1&page=1&per-page=20');
    expect(at('/agenda/2/sessions?to=b&from=a')).toBe('/agenda/2/sessions?from=a&to=b');
  });
});
