import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { AppRow, ModuleRow } from '../modules/apps/apps.queries.ts';
import { appModules, apps } from '../modules/apps/apps.table.ts';

/** What every demo seeder shares: the logins the README prints and the demo apps. */
export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_LOGINS = ['admin@demo.test', 'anna@demo.test', 'ben@demo.test'];
export const DEMO_APP_KEYS = ['demo', 'demo-dark'] as const;

/** Deterministic pseudo-random numbers, so every seed is the same. */
export function rng(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

export interface DemoApp {
  app: AppRow;
  /** Its menu modules in position order. */
  modules: ModuleRow[];
  /** 1 for `demo`, 2 for `demo-dark`: a seed for `rng` that differs per app. */
  index: number;
  byType(type: string): ModuleRow | undefined;
}

/** The demo apps that exist (a seeder adds content to each). */
export async function demoApps(db: Db): Promise<DemoApp[]> {
  const rows = await db
    .select()
    .from(apps)
    .where(inArray(apps.key, [...DEMO_APP_KEYS]));
  if (rows.length === 0) return [];
  const mods = await db
    .select()
    .from(appModules)
    .where(
      inArray(
        appModules.appId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(appModules.position);
  return DEMO_APP_KEYS.flatMap((key, i) => {
    const app = rows.find((r) => r.key === key);
    if (!app) return [];
    const modules = mods.filter((m) => m.appId === app.id);
    return [{ app, modules, index: i + 1, byType: (t: string) => modules.find((m) => m.type === t) }];
  });
}
