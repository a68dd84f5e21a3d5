import type { BenchScenario } from '../../platform/module.ts';

/** The marketplace's hot calls: the list's first page and a search, on the demo seed (twenty listings). */
export const marketplaceBench: BenchScenario[] = [
  {
    name: 'GET /marketplace/{id}/items',
    path: '/marketplace/{module:marketplace}/items',
    auth: 'access-token',
    minRps: 800,
    maxP99Ms: 80,
    minBareRatio: 0.05,
  },
  {
    name: 'GET /marketplace/{id}/items?search=desk',
    path: '/marketplace/{module:marketplace}/items?search=desk',
    auth: 'access-token',
    minRps: 500,
    maxP99Ms: 100,
    minBareRatio: 0.03,
  },
];
