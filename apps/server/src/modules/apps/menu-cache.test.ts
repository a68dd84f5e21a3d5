import { describe, expect, it } from 'vitest';
import { MenuCache } from './menu-cache.ts';

describe('menu cache: concurrent misses', () => {
  it('joins a computation under way, but not one a drop of the member overtook', async () => {
    const cache = new MenuCache();
    const stamp = cache.stamp('1:7');
    let finish: (b: Buffer) => void = () => {};
    const body = new Promise<Buffer>((resolve) => {
      finish = resolve;
    });
    cache.track('1:7:0', stamp, body);
    expect(cache.computing('1:7:0', cache.stamp('1:7'))).toBe(body);
    cache.deletePrefix('1:7:');
    // After the drop the stamp differs: a new request computes afresh instead of joining the old answer.
    expect(cache.computing('1:7:0', cache.stamp('1:7'))).toBeUndefined();
    finish(Buffer.from('{}'));
    await body;
    await Promise.resolve();
    expect(cache.computing('1:7:0', stamp)).toBeUndefined();
  });
});
