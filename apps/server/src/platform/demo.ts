import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';
import type { AppRow, ModuleRow } from '../modules/apps/apps.queries.ts';
import { appModules, apps } from '../modules/apps/apps.table.ts';

/** What every demo seeder shares: the logins the README prints and the demo apps. */
export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_LOGINS = ['admin@demo.test', 'anna@demo.test', 'ben@demo.test'];
export const DEMO_APP_KEYS = ['demo', 'demo-dark'] as const;

/**
 * What a seeder passes to the functions a member's write calls (recordPost, recordComment…), so the
 * demo is written as members write: its transaction, a bus with no cache to drop on this node yet,
 * and no sockets (nobody is connected while the demo is written).
 */
export function demoCtx(db: Db) {
  return { db, bus: { publish() {} }, io: undefined };
}

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

/** A speaker's portrait for the demo: initials on a gradient of their colour (an SVG file's text). */
export function demoPortraitSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/><circle cx="128" cy="100" r="48" fill="#fff" opacity=".3"/><path d="M40 256c8-52 44-80 88-80s80 28 88 80z" fill="#fff" opacity=".3"/><text x="128" y="146" text-anchor="middle" font-family="system-ui,sans-serif" font-size="64" font-weight="700" fill="#fff">${initials}</text></svg>`;
}

/** A paragraph of demo text as every write stores rich text: escaped, then through the sanitiser. */
export const demoParagraph = (text: string) => sanitizeRichText(`<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).html;
