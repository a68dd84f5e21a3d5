import type { DirectoryEntry, DirectoryFilters, DirectoryQuery } from '@app/contract/schemas/appusers';
import { APPUSERS_LIMITS } from '@app/contract/schemas/appusers';
import type { Ctx } from '../../context.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { cached } from '../content/content.caches.ts';
import { directoryIndexes, favoritesKey, readerFavorites } from '../users/profiles.caches.ts';
import { type DirectoryRow, directoryRows, favoriteIds } from '../users/profiles.queries.ts';

/**
 * The user directory (spec 3 /appusers; docs/decisions.md "Profiles and the user directory").
 * An app's listable members are read once, made searchable and kept in memory (dropped on every
 * node when a profile or preference changes, 30 s at most otherwise); a search then scans that
 * array — 10,000 members in well under a millisecond — and runs no query. The reader's favorites
 * are cached the same way.
 */

interface Member {
  row: DirectoryRow;
  fullname: string;
  /** ' word word …': lowercased name, job title, company and interests, each word after a space. */
  hay: string;
  company: string;
  interests: string[];
  /** Lowercased interests, for the interest filter. */
  tags: Set<string>;
  hasPhoto: boolean;
}
interface DirectoryIndex {
  members: Member[];
  filters: DirectoryFilters;
  /** Answers by search and filters (favorites apart), dropped with the index: a repeated search cuts a page. */
  results: Map<string, Member[]>;
}
const RESULTS_KEPT = 100;

/** Lowercased words (letters, marks, digits), NFC, as the search compares them. */
export const wordsOf = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

function interestsOf(r: DirectoryRow): string[] {
  const seen = new Map<string, string>();
  for (const t of [...(r.interestedIn ?? []), ...(r.expertIn ?? []), ...(r.hobbies ?? []), ...(r.topics ?? [])]) {
    const k = t.toLowerCase();
    if (!seen.has(k)) seen.set(k, t);
  }
  return [...seen.values()];
}

/** The most frequent values (by their lowercase), the first spelling met kept as the name. */
function facets(values: string[][]) {
  const counts = new Map<string, { name: string; count: number }>();
  for (const list of values)
    for (const v of list) {
      const k = v.toLowerCase();
      const hit = counts.get(k);
      if (hit) hit.count++;
      else counts.set(k, { name: v, count: 1 });
    }
  return [...counts.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].name.localeCompare(b[1].name))
    .slice(0, APPUSERS_LIMITS.filterValuesShown)
    .map(([id, v]) => ({ id, name: v.name, count: v.count }));
}

export function buildIndex(rows: DirectoryRow[]): DirectoryIndex {
  const members = rows.map((row): Member => {
    const interests = interestsOf(row);
    const fullname = `${row.firstName} ${row.lastName}`.trim();
    return {
      row,
      fullname,
      hay: ` ${wordsOf([fullname, row.jobTitle, row.company, ...interests].join(' ')).join(' ')}`,
      company: row.company.trim().toLowerCase(),
      interests,
      tags: new Set(interests.map((t) => t.toLowerCase())),
      hasPhoto: Boolean(row.avatarUrl || row.photoUrl),
    };
  });
  return {
    members,
    filters: {
      companies: facets(members.map((m) => (m.row.company.trim() ? [m.row.company.trim()] : []))),
      interests: facets(members.map((m) => m.interests)),
      total: members.length,
    },
    results: new Map(),
  };
}

/** Index builds under way per server and app: many readers arriving at an empty cache share one build. */
const building = new WeakMap<Ctx, Map<number, Promise<DirectoryIndex>>>();

function indexOf(ctx: Ctx, appId: number): Promise<DirectoryIndex> {
  const hit = ctx.caches.get(directoryIndexes).get(`${appId}:`) as DirectoryIndex | undefined;
  if (hit) return Promise.resolve(hit);
  let pending = building.get(ctx);
  if (!pending) {
    pending = new Map();
    building.set(ctx, pending);
  }
  const running = pending.get(appId);
  if (running) return running;
  const load = cached<DirectoryIndex>(ctx, directoryIndexes, `${appId}:`, async () =>
    buildIndex(await directoryRows(ctx.db, appId)),
  ).finally(() => pending.delete(appId));
  pending.set(appId, load);
  return load;
}

const favoritesOf = (ctx: Ctx, appId: number, userId: number) =>
  cached(ctx, readerFavorites, favoritesKey(appId, userId), async () => new Set(await favoriteIds(ctx.db, appId, userId)));

function toEntry(m: Member, favorite: boolean): DirectoryEntry {
  const r = m.row;
  return {
    id: r.id,
    fullname: m.fullname,
    avatar: r.avatarUrl,
    is_verified: r.isVerified,
    is_favorite: favorite,
    profile: [
      { name: 'avatar', value: r.avatarUrl },
      { name: 'job_title', value: r.jobTitle },
      { name: 'company', value: r.company },
      { name: 'location', value: r.location },
      { name: 'interests', value: m.interests.slice(0, 6).join(', ') },
    ],
  };
}

/** Every word of the search (each given as ' word') starts a word of the member's name, job, company or interests. */
export function matches(m: Member, needles: string[]): boolean {
  for (const n of needles) if (!m.hay.includes(n)) return false;
  return true;
}

/** The members a search and the shared filters find, computed once per index and question. */
function found(index: DirectoryIndex, q: DirectoryQuery): Member[] {
  const needles = q.search
    ? wordsOf(q.search)
        .slice(0, 8)
        .map((w) => ` ${w}`)
    : [];
  const company = q.company?.toLowerCase() ?? '';
  const interest = q.interest?.toLowerCase() ?? '';
  const key = JSON.stringify([needles, company, interest, q.photo === '1']);
  const hit = index.results.get(key);
  if (hit) return hit;
  const list = index.members.filter(
    (m) =>
      (!company || m.company === company) &&
      (!interest || m.tags.has(interest)) &&
      (!q.photo || m.hasPhoto) &&
      (needles.length === 0 || matches(m, needles)),
  );
  if (index.results.size >= RESULTS_KEPT) index.results.clear();
  index.results.set(key, list);
  return list;
}

export async function searchDirectory(ctx: Ctx, scope: Scope, moduleId: number, q: DirectoryQuery, page: Page) {
  await requireModule(ctx, scope, 'appusers', moduleId);
  const appId = scope.tenant.id;
  const [index, favorites] = await Promise.all([indexOf(ctx, appId), favoritesOf(ctx, appId, scope.user.id)]);
  const all = found(index, q);
  const list = q.favorites ? all.filter((m) => favorites.has(m.row.id)) : all;
  const from = offsetOf(page);
  return {
    items: list.slice(from, from + page.perPage).map((m) => toEntry(m, favorites.has(m.row.id))),
    total: list.length,
  };
}

export async function directoryFilters(ctx: Ctx, scope: Scope, moduleId: number): Promise<DirectoryFilters> {
  await requireModule(ctx, scope, 'appusers', moduleId);
  return (await indexOf(ctx, scope.tenant.id)).filters;
}
