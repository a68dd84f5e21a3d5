import type { VitalDevice, VitalItem, VitalMetric } from '@app/contract/schemas/vitals';
import { demoApps, rng } from '../../platform/demo.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { addCounts, type BucketCount } from './vitals.queries.ts';
import { countsOf, VITALS_ROUTES_MAX } from './vitals.service.ts';

const DAY = 86_400_000;
/** Days of field data the demo starts with. */
const DAYS = 14;

/**
 * The demo's routes: page loads a day (of the sampled share) and each metric's median on a phone
 * (ms; CLS unitless). The feed is the heaviest first screen, as issue 24's Lighthouse runs found.
 */
const ROUTES: ReadonlyArray<{ route: string; loads: number; median: Record<VitalMetric, number> }> = [
  { route: '/news/:app_module_id', loads: 40, median: { LCP: 2300, INP: 180, CLS: 0.04, FCP: 1500, TTFB: 420 } },
  { route: '/chats/:app_module_id', loads: 22, median: { LCP: 1500, INP: 120, CLS: 0.02, FCP: 1200, TTFB: 380 } },
  { route: '/chats/:app_module_id/:chat_type/:id', loads: 18, median: { LCP: 1900, INP: 240, CLS: 0.03, FCP: 1300, TTFB: 400 } },
  { route: '/agenda/:app_module_id', loads: 16, median: { LCP: 1800, INP: 150, CLS: 0.06, FCP: 1300, TTFB: 450 } },
  { route: '/news/:app_module_id/post/:id', loads: 12, median: { LCP: 2000, INP: 110, CLS: 0.12, FCP: 1400, TTFB: 410 } },
  { route: '/marketplace/:app_module_id', loads: 8, median: { LCP: 2600, INP: 160, CLS: 0.08, FCP: 1600, TTFB: 460 } },
  { route: '/appusers/:app_module_id', loads: 6, median: { LCP: 1700, INP: 330, CLS: 0.01, FCP: 1300, TTFB: 390 } },
  { route: '/login', loads: 4, median: { LCP: 1200, INP: 90, CLS: 0, FCP: 1000, TTFB: 350 } },
];

/** Field values spread as they are: log-normal around the median, longer to the slow side. */
function spread(next: () => number, median: number, sigma: number): number {
  const u = Math.max(1e-9, next());
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  return median * Math.exp(sigma * z);
}

/** Two weeks of the sampled share's page loads for each demo app, as beacons would have left them. */
export const vitalsSeed: DemoSeeder = {
  async run({ db }) {
    const now = Date.now();
    for (const demo of await demoApps(db)) {
      const { next } = rng(4200 + demo.index);
      const rows: BucketCount[] = [];
      for (let d = DAYS - 1; d >= 0; d--) {
        const at = new Date(now - d * DAY);
        const items: VitalItem[] = [];
        for (const r of ROUTES) {
          const loads = Math.round(r.loads * (0.6 + next() * 0.8));
          for (let i = 0; i < loads; i++) {
            // Two loads in three on a phone; a desktop is about a third faster.
            const device: VitalDevice = next() < 0.67 ? 'mobile' : 'desktop';
            const f = device === 'mobile' ? 1 : 0.65;
            for (const metric of ['LCP', 'FCP', 'TTFB', 'CLS'] as const) {
              const sigma = metric === 'CLS' ? 0.9 : 0.45;
              const max = metric === 'CLS' ? 10 : 60_000;
              const value = Math.min(max, spread(next, r.median[metric] * (metric === 'CLS' ? 1 : f), sigma));
              items.push({ route: r.route, metric, value, rating: 'good', navigation: 'navigate', device });
            }
            // INP only where the member interacted (about two loads in three).
            if (next() < 0.67) {
              const value = Math.min(60_000, spread(next, r.median.INP * f, 0.6));
              items.push({ route: r.route, metric: 'INP', value, rating: 'good', navigation: 'navigate', device });
            }
          }
        }
        rows.push(...countsOf(demo.app.id, items, at));
      }
      await addCounts(db, rows, VITALS_ROUTES_MAX);
    }
  },
};
