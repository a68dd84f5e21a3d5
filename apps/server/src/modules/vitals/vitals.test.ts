import type { VitalItem, VitalsReport } from '@app/contract/schemas/vitals';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { appByKey, fieldsOf } from '../../../test/helpers.ts';
import { type Cast, consoleCall, makeCast, statusesFor } from '../console/console.test-kit.ts';
import { bucketOf, p75Of, stepAt } from './vitals.histogram.ts';
import { addCounts } from './vitals.queries.ts';
import { countsOf } from './vitals.service.ts';
import { vitalsBuckets } from './vitals.table.ts';

const WRITES = 5;
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 20, uploads: 10, writes: WRITES, windowMs: 60_000 } });
  cast = await makeCast(t);
});
afterAll(() => t.close());

const item = (over: Partial<VitalItem> = {}): VitalItem => ({
  route: '/news/:app_module_id',
  metric: 'LCP',
  value: 1234.5,
  rating: 'good',
  navigation: 'navigate',
  device: 'mobile',
  ...over,
});

let address = 0;
/** A beacon as sendBeacon sends a string: text/plain, no headers but the address's `?app=`. */
function beacon(tenant: Tenant, body: unknown, opts: { type?: string; token?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/vitals?app=${tenant.app.key}`,
    // Each test its own address unless it says which: the per-address budget is the rate limit test's.
    remoteAddress: opts.ip ?? `10.1.${Math.floor(++address / 250)}.${address % 250}`,
    headers: { 'content-type': opts.type ?? 'text/plain;charset=UTF-8', ...(opts.token ? { 'access-token': opts.token } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const report = async (tenant: Tenant, query = ''): Promise<VitalsReport> => {
  const r = await consoleCall(t, cast.operator, 'GET', `/apps/${tenant.app.id}/vitals${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

describe('POST /vitals', () => {
  it('takes a beacon as text/plain or JSON, signed out, and answers 204 with nothing stored of the sender', async () => {
    const tenant = await makeTenant(t);
    const a = await beacon(tenant, { items: [item(), item({ metric: 'CLS', value: 0.02 }), item({ metric: 'TTFB', value: 300 })] });
    expect(a.statusCode, a.body).toBe(204);
    expect(a.body).toBe('');
    const b = await beacon(tenant, { items: [item({ device: 'desktop', value: 900 })] }, { type: 'application/json' });
    expect(b.statusCode, b.body).toBe(204);
    const rows = await t.app.ctx.db.select().from(vitalsBuckets).where(eq(vitalsBuckets.appId, tenant.app.id));
    expect(rows.map((r) => `${r.route} ${r.metric} ${r.device} ${r.bucket} ${r.n}`).sort()).toEqual([
      '/news/:app_module_id CLS mobile 20 1',
      '/news/:app_module_id LCP desktop 900 1',
      '/news/:app_module_id LCP mobile 1300 1',
      '/news/:app_module_id TTFB mobile 300 1',
    ]);
    // Histogram rows only: no user, address or time of a sample.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['appId', 'bucket', 'day', 'device', 'metric', 'n', 'route']);
    const r = await report(tenant);
    expect(r.routes.map((x) => [x.route, x.samples])).toEqual([['/news/:app_module_id', 2]]);
  });

  it('refuses bad batches with 422 on the field, a body that is not JSON with 400, a large one with 413', async () => {
    const tenant = await makeTenant(t);
    const bad: Array<[unknown, string]> = [
      [{ items: [] }, 'items'],
      [{ items: Array.from({ length: 21 }, () => item()) }, 'items'],
      [{ items: [item({ metric: 'FID' as 'LCP' })] }, 'items.0.metric'],
      [{ items: [item({ value: -1 })] }, 'items.0.value'],
      [{ items: [item({ value: 60_001 })] }, 'items.0.value'],
      [{ items: [item({ metric: 'CLS', value: 11 })] }, 'items.0.value'],
      [{ items: [item({ value: '12' as unknown as number })] }, 'items.0.value'],
      [{ items: [item({ route: '/news/12?user=5' })] }, 'items.0.route'],
      [{ items: [item({ route: 'news/:app_module_id' })] }, 'items.0.route'],
      [{ items: [item({ route: `/${'a'.repeat(200)}` })] }, 'items.0.route'],
      [{ items: [item({ device: 'tablet' as 'mobile' })] }, 'items.0.device'],
      [{ items: [item({ rating: 'great' as 'good' })] }, 'items.0.rating'],
      [{ items: [item({ navigation: 'teleport' as 'navigate' })] }, 'items.0.navigation'],
      [{ items: [{ ...item(), user_id: 7 }] }, 'items.0'],
      [{ items: [item()], user: 'anna' }, 'user'],
    ];
    for (const [body, field] of bad) {
      const r = await beacon(tenant, body);
      expect(r.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${r.body}`).toBe(422);
      expect(fieldsOf(r).join(), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    // JSON.parse reads 1e400 as Infinity: not a finite value.
    const inf = await beacon(
      tenant,
      '{"items":[{"route":"/","metric":"LCP","value":1e400,"rating":"good","navigation":"navigate","device":"mobile"}]}',
    );
    expect(fieldsOf(inf)).toEqual(['items.0.value']);
    expect((await beacon(tenant, 'LCP=1200')).statusCode).toBe(400);
    expect((await beacon(tenant, { items: [item()], pad: 'x'.repeat(17 * 1024) })).statusCode).toBe(413);
    expect((await beacon(tenant, { items: [item()] }, { type: 'application/x-www-form-urlencoded' })).statusCode).toBe(415);
    // Nothing of it was stored.
    expect(await t.app.ctx.db.select().from(vitalsBuckets).where(eq(vitalsBuckets.appId, tenant.app.id))).toEqual([]);
  });

  it('counts a signed-in member in their own app, whatever app the address names; a dead token is a 401', async () => {
    const mine = await makeTenant(t);
    const other = await makeTenant(t);
    const { token } = await makeUser(t, mine);
    expect((await beacon(other, { items: [item({ route: '/chats/:app_module_id' })] }, { token })).statusCode).toBe(204);
    expect((await report(mine)).routes.map((r) => r.route)).toEqual(['/chats/:app_module_id']);
    expect((await report(other)).routes).toEqual([]);
    expect((await beacon(mine, { items: [item()] }, { token: 'not-a-token' })).statusCode).toBe(401);
  });

  it('limits a member to the writes’ allowance and a signed-out address to its own, one budget each', async () => {
    const tenant = await makeTenant(t);
    const { token } = await makeUser(t, tenant);
    const member: number[] = [];
    // From two addresses: the member's budget is theirs wherever they are.
    for (let i = 0; i <= WRITES; i++) member.push((await beacon(tenant, { items: [item()] }, { token, ip: `10.9.0.${i % 2}` })).statusCode);
    expect(member).toEqual([...Array(WRITES).fill(204), 429]);
    // Signed out: 240 beacons a minute per address and app, then 429; another address goes on.
    const ip = '10.8.0.1';
    let last = 0;
    for (let i = 0; i < 240; i++) {
      last = (await beacon(tenant, { items: [item()] }, { ip })).statusCode;
      if (last !== 204) break;
    }
    expect(last).toBe(204);
    expect((await beacon(tenant, { items: [item()] }, { ip })).statusCode).toBe(429);
    expect((await beacon(tenant, { items: [item()] }, { ip: '10.8.0.2' })).statusCode).toBe(204);
  });
});

describe('histograms', () => {
  it('buckets by the next step at or above a value, thresholds on the edges', () => {
    expect([bucketOf('LCP', 0), bucketOf('LCP', 1), bucketOf('LCP', 20), bucketOf('LCP', 20.01)]).toEqual([20, 20, 20, 40]);
    expect([bucketOf('LCP', 2500), bucketOf('LCP', 2500.1), bucketOf('LCP', 59_999)]).toEqual([2500, 2600, 60_000]);
    expect([bucketOf('CLS', 0.07), bucketOf('CLS', 0.1), bucketOf('CLS', 0.1001), bucketOf('CLS', 0.25)]).toEqual([70, 100, 110, 250]);
    expect([stepAt('TTFB', 1000), stepAt('TTFB', 1001), stepAt('CLS', 2000), stepAt('CLS', 2001)]).toEqual([20, 100, 50, 500]);
    expect(p75Of('LCP', [])).toEqual({ p75: 0, samples: 0 });
  });
});

describe('GET /console/api/apps/:app_id/vitals', () => {
  it('is for the app’s owners and operators: another app’s owner 404, a moderator or member 403, nobody 401', async () => {
    expect(await statusesFor(t, cast, 'GET', `/apps/${cast.tenant.app.id}/vitals`)).toEqual({
      anon: 401,
      member: 403,
      stranger: 404,
      moderator: 403,
      owner: 200,
      operator: 200,
    });
    expect((await consoleCall(t, cast.owner, 'GET', `/apps/${cast.other.app.id}/vitals`)).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'GET', `/apps/999999/vitals`)).statusCode).toBe(404);
    expect(fieldsOf(await consoleCall(t, cast.owner, 'GET', `/apps/${cast.tenant.app.id}/vitals?days=0`))).toEqual(['days']);
    expect(fieldsOf(await consoleCall(t, cast.owner, 'GET', `/apps/${cast.tenant.app.id}/vitals?device=tv`))).toEqual(['device']);
  });

  it('answers p75 per route and metric from known samples, rated by Google’s thresholds', async () => {
    const tenant = await makeTenant(t);
    // 100 LCP samples, 40 ms apart: 40 … 4000. The exact p75 (nearest rank) is the 75th, 3000 ms.
    const lcp = Array.from({ length: 100 }, (_, i) => item({ value: (i + 1) * 40 }));
    // Mobile and desktop apart: the desktop ones are all fast.
    const desktop = Array.from({ length: 10 }, () => item({ value: 500, device: 'desktop' }));
    // INP exactly on the threshold is good (≤ 200), one step above is not: rank 3 of 4 sits at 5/8 of
    // its bucket, (180, 200] and (200, 220].
    const inp = [
      ...Array.from({ length: 4 }, () => item({ metric: 'INP', value: 200, route: '/forums/:app_module_id' })),
      ...Array.from({ length: 4 }, () => item({ metric: 'INP', value: 208, route: '/blogs/:app_module_id' })),
    ];
    const cls = [0.05, 0.05, 0.05, 0.3].map((value) => item({ metric: 'CLS', value }));
    const all = [...lcp, ...desktop, ...inp, ...cls];
    for (let i = 0; i < all.length; i += 20) expect((await beacon(tenant, { items: all.slice(i, i + 20) })).statusCode).toBe(204);

    const mobile = await report(tenant, '?device=mobile');
    const news = mobile.routes.find((r) => r.route === '/news/:app_module_id');
    // 2920, 2960 and 3000 share the bucket (2900, 3000]: ranks 73–75 of 100, the 75th placed at 5/6 of it.
    expect(news?.metrics.find((m) => m.metric === 'LCP')).toEqual({ metric: 'LCP', p75: 2984, samples: 100, rating: 'needs-improvement' });
    // Three of four at 0.05: the p75 is in (0.04, 0.05].
    expect(news?.metrics.find((m) => m.metric === 'CLS')).toEqual({ metric: 'CLS', p75: 0.049, samples: 4, rating: 'good' });
    expect(news?.samples).toBe(100);
    expect(mobile.routes.find((r) => r.route === '/forums/:app_module_id')?.metrics).toEqual([
      { metric: 'INP', p75: 193, samples: 4, rating: 'good' },
    ]);
    expect(mobile.routes.find((r) => r.route === '/blogs/:app_module_id')?.metrics).toEqual([
      { metric: 'INP', p75: 213, samples: 4, rating: 'needs-improvement' },
    ]);
    // Most sampled first.
    expect(mobile.routes[0]?.route).toBe('/news/:app_module_id');

    // Ten at 500 ms in (480, 500]: the 8th at 7.5/10 of it.
    const desk = await report(tenant, '?device=desktop');
    expect(desk.routes).toEqual([
      { route: '/news/:app_module_id', samples: 10, metrics: [{ metric: 'LCP', p75: 495, samples: 10, rating: 'good' }] },
    ]);
    // Both devices: 110 samples, the 83rd (rank ceil(82.5)) is the 73rd mobile one, 2920 in (2900, 3000].
    const both = await report(tenant);
    expect(both.overall.find((m) => m.metric === 'LCP')).toMatchObject({ samples: 110, rating: 'needs-improvement' });
    expect(both.overall.find((m) => m.metric === 'LCP')?.p75).toBeGreaterThan(2900);
    expect(both.overall.find((m) => m.metric === 'LCP')?.p75).toBeLessThanOrEqual(3000);
    expect(both.device).toBe('all');
  });

  it('reads the period’s days only (UTC), and keeps forged routes of a day bounded', async () => {
    const tenant = await makeTenant(t);
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000);
    await addCounts(t.app.ctx.db, countsOf(tenant.app.id, [item({ route: '/old' })], yesterday), 80);
    await addCounts(t.app.ctx.db, countsOf(tenant.app.id, [item({ route: '/new' })], now), 80);
    expect((await report(tenant, '?days=1')).routes.map((r) => r.route)).toEqual(['/new']);
    expect((await report(tenant, '?days=2')).routes.map((r) => r.route).sort()).toEqual(['/new', '/old']);
    // A cap of 3 routes a day: a fourth new one is not taken, known ones still count.
    const t2 = await makeTenant(t);
    for (const r of ['/a', '/b', '/c', '/d']) await addCounts(t.app.ctx.db, countsOf(t2.app.id, [item({ route: r })], now), 3);
    await addCounts(t.app.ctx.db, countsOf(t2.app.id, [item({ route: '/a' })], now), 3);
    const r2 = await report(t2);
    expect(r2.routes.map((r) => [r.route, r.samples])).toEqual([
      ['/a', 2],
      ['/b', 1],
      ['/c', 1],
    ]);
  });
});

describe('demo seed', () => {
  it('gives each demo app two weeks of field data, some thousand histogram rows', async () => {
    for (const key of ['demo', 'demo-dark']) {
      const app = await appByKey(t, key);
      const r = await report({ app } as Tenant, '?days=14');
      expect(r.routes.length, key).toBeGreaterThanOrEqual(6);
      expect(r.overall.map((m) => m.metric)).toEqual(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
      expect(r.overall.find((m) => m.metric === 'LCP')?.samples).toBeGreaterThan(1000);
      const [row] = await t.app.ctx.db.select({ n: count() }).from(vitalsBuckets).where(eq(vitalsBuckets.appId, app.id));
      // About 440 a day: 8 routes, 2 devices, 5 metrics, a dozen buckets each.
      expect(row?.n, key).toBeLessThan(8000);
    }
  });
});

describe('sample rate', () => {
  it('is 0.25 until the owner sets another; the public call answers the app’s, cached by the browser', async () => {
    const tenant = cast.tenant;
    const get = () => t.app.inject({ url: `/vitals/config?app=${tenant.app.key}` });
    const before = await get();
    expect(before.json()).toEqual({ sample_rate: 0.25 });
    expect(before.headers['cache-control']).toBe('public, max-age=600');
    const url = `/apps/${tenant.app.id}/vitals/settings`;
    expect(fieldsOf(await consoleCall(t, cast.owner, 'PUT', url, { sample_rate: 1.5 }))).toEqual(['sample_rate']);
    expect((await consoleCall(t, cast.moderator, 'PUT', url, { sample_rate: 0.5 })).statusCode).toBe(403);
    expect((await consoleCall(t, cast.stranger, 'PUT', url, { sample_rate: 0.5 })).statusCode).toBe(404);
    const put = await consoleCall(t, cast.owner, 'PUT', url, { sample_rate: 0.1 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get()).json()).toEqual({ sample_rate: 0.1 });
    expect((await report(tenant)).sample_rate).toBe(0.1);
    // Another app keeps the default.
    expect((await t.app.inject({ url: `/vitals/config?app=${cast.other.app.key}` })).json()).toEqual({ sample_rate: 0.25 });
  });
});
