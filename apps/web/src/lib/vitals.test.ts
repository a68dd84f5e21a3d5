import type { VitalItem } from '@app/contract/schemas/vitals';
import { describe, expect, it } from 'vitest';
import { BEACON_GAP_MS, deviceOf, isSampled, itemOf, routePatternOf, VitalsQueue } from './vitals.ts';

const item = (metric: VitalItem['metric'], value: number): VitalItem => ({
  route: '/news/:app_module_id',
  metric,
  value,
  rating: 'good',
  navigation: 'navigate',
  device: 'mobile',
});

/** A queue whose beacons are kept, on a clock the test moves. */
function harness(accept = true) {
  let now = 1_000;
  const bodies: Array<{ items: VitalItem[] }> = [];
  const queue = new VitalsQueue(
    (body) => {
      if (accept) bodies.push(JSON.parse(body));
      return accept;
    },
    () => now,
  );
  return { queue, bodies, later: (ms: number) => (now += ms) };
}

describe('sampling', () => {
  it('takes the draw below the share, clamped to 0–1', () => {
    expect([isSampled(0.25, 0.1), isSampled(0.25, 0.25), isSampled(0.25, 0.9)]).toEqual([true, false, false]);
    expect([isSampled(0, 0), isSampled(1, 0.999999), isSampled(7, 0.5), isSampled(-1, 0)]).toEqual([false, true, true, false]);
  });
  it('names the device by the phone breakpoint', () => {
    expect([deviceOf(390), deviceOf(723), deviceOf(724), deviceOf(1280)]).toEqual(['mobile', 'mobile', 'desktop', 'desktop']);
  });
});

/** A route table's look-up as app/route-table.ts answers it (lib/ does not import app/). */
const ROUTES = [
  { path: '/login' },
  { path: '/news/:app_module_id' },
  { path: '/news/:app_module_id/post/:id' },
  { path: '/dev/uikit', dev: true },
];
const matchRoute = (pathname: string) => ROUTES.find((r) => new RegExp(`^${r.path.replace(/:[a-z_]+/g, '[^/]+')}/?$`).test(pathname));

describe('route patterns', () => {
  it('sends the pattern the route table names, never the path with its ids or a query', () => {
    expect(routePatternOf('/news/12', matchRoute)).toBe('/news/:app_module_id');
    expect(routePatternOf('/news/12/post/345', matchRoute)).toBe('/news/:app_module_id/post/:id');
    expect(routePatternOf('/login', matchRoute)).toBe('/login');
    expect(routePatternOf('/no/such/page/here/9', matchRoute)).toBeUndefined();
    expect(routePatternOf('/dev/uikit', matchRoute)).toBeUndefined();
  });
  it('keeps name, value, rating and navigation of a report and nothing else', () => {
    const m = { name: 'INP' as const, value: 96, rating: 'good' as const, navigationType: 'reload' as const, id: 'v5-1', entries: [] };
    expect(itemOf(m, '/chats/:app_module_id', 'desktop')).toEqual({
      route: '/chats/:app_module_id',
      metric: 'INP',
      value: 96,
      rating: 'good',
      navigation: 'reload',
      device: 'desktop',
    });
  });
});

describe('VitalsQueue', () => {
  it('sends the page view’s metrics in one beacon when hidden, each with its latest value', () => {
    const { queue, bodies } = harness();
    queue.add(item('TTFB', 300));
    queue.add(item('FCP', 900));
    queue.add(item('CLS', 0.01));
    queue.add(item('CLS', 0.04));
    expect(queue.flush()).toBe(true);
    expect(bodies).toEqual([{ items: [item('TTFB', 300), item('FCP', 900), item('CLS', 0.04)] }]);
    // Nothing left: no empty beacon.
    expect(queue.flush()).toBe(false);
    expect(queue.beaconCount).toBe(1);
  });

  it('sends a metric once per page view, and later beacons 30 s apart at the earliest', () => {
    const { queue, bodies, later } = harness();
    queue.add(item('LCP', 1800));
    queue.flush();
    // Back on the tab: CLS grew, the member tapped (INP); LCP again would count the view twice.
    queue.add(item('LCP', 1900));
    queue.add(item('INP', 120));
    later(5_000);
    expect(queue.flush()).toBe(false);
    later(BEACON_GAP_MS - 5_001);
    expect(queue.flush()).toBe(false);
    later(1);
    expect(queue.flush()).toBe(true);
    expect(bodies.map((b) => b.items.map((i) => `${i.metric}=${i.value}`))).toEqual([['LCP=1800'], ['INP=120']]);
  });

  it('keeps what a refused beacon held for the next hide, and starts over for a page restored from the cache', () => {
    const refused = harness(false);
    refused.queue.add(item('LCP', 1800));
    expect(refused.queue.flush()).toBe(false);
    expect(refused.queue.beaconCount).toBe(0);

    const { queue, bodies } = harness();
    queue.add(item('LCP', 1800));
    queue.flush();
    queue.newView();
    queue.add(item('LCP', 40));
    expect(queue.flush()).toBe(true);
    expect(bodies.map((b) => b.items[0]?.value)).toEqual([1800, 40]);
  });
});
