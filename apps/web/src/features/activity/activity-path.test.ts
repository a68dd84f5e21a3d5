import { describe, expect, it } from 'vitest';
import { appPathOf } from './activity-path.ts';

describe('appPathOf', () => {
  it('drops the host of an absolute url', () => {
    expect(appPathOf('https://summit.example.com/news/1/post/4?goTo=comments')).toBe('/news/1/post/4?goTo=comments');
    expect(appPathOf('http://localhost:8080/forums/5/general/2#c9')).toBe('/forums/5/general/2#c9');
  });
  it('keeps a path as it is', () => {
    expect(appPathOf('/resources/11')).toBe('/resources/11');
  });
  it('ignores empty and non-web urls', () => {
    expect(appPathOf(null)).toBeNull();
    expect(appPathOf('')).toBeNull();
    expect(appPathOf('javascript:alert(1)')).toBeNull();
    expect(appPathOf('mailto:a@b.c')).toBeNull();
  });
});
