import type { MatchReason, NetworkerList } from '@app/contract/schemas/networking-hub';
import { NETWORKING_LEVELS } from '@app/contract/schemas/networking-hub';
import type { NetworkerFilters, NetworkerListQuery, NetworkerPage } from '@app/contract/schemas/networking-lists';
import { NETWORKER_LIST_LIMITS } from '@app/contract/schemas/networking-lists';
import type { Ctx } from '../../../context.ts';
import { fieldError } from '../../../lib/errors.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { Scope } from '../../../platform/scope.ts';
import { cached } from '../../content/content.caches.ts';
import { directoryIndexes } from '../../users/profiles.caches.ts';
import { networkerCards } from '../networking.cards.ts';
import { readerKey, readerLists, readerPages } from './lists.caches.ts';
import { contactsOf, type ListableRow, listableNetworkers, marksOf, profileTags } from './lists.queries.ts';
import { type Match, match, NO_MATCH, type TagSets, tagKey, tagSets } from './match.ts';

/**
 * The six networker lists (spec 3 §2, §4; docs/decisions.md "Networking hub: the lists"). The
 * app's listable members with their tags are read once into memory (kept beside the directory's
 * index, so any profile change drops both on every node; 30 s otherwise); the reader's marks and
 * contacts likewise, dropped when they change. New scores the reader against every member in
 * memory (match.ts) once per reader and index; a page then costs one query, for its cards.
 */

interface Member {
  id: number;
  /** ' word word …': lowercased name, job title, company and tags, each word after a space. */
  hay: string;
  company: string;
  /** Comparable tags of the four sections, for the interest filter. */
  tags: Set<string>;
  level: number;
  sets: TagSets;
  /** Sort key of All: last name, first name. */
  name: [string, string];
}
interface ListsIndex {
  members: Member[];
  byId: Map<number, Member>;
  filters: NetworkerFilters;
}

/** One member of a list with its sort key (the cursor of the page ending with it). */
interface Ranked {
  m: Member;
  key: Array<number | string>;
  reason?: MatchReason | null;
}
interface Reader {
  /** The reader's own tags when they are not in the index (opted out). */
  own: TagSets;
  marks: Map<number, { mark: 'liked' | 'skipped'; at: number }>;
  contacts: Map<number, { contactedAt: number; connectedAt: number | null }>;
  /** New, ranked against this index (made again when the index is). */
  ranked?: { index: ListsIndex; list: Ranked[] };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const wordsOf = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

function facets(values: Iterable<string[]>) {
  const counts = new Map<string, { name: string; count: number }>();
  for (const list of values)
    for (const v of list) {
      const k = tagKey(v);
      if (!k) continue;
      const hit = counts.get(k);
      if (hit) hit.count++;
      else counts.set(k, { name: v.trim(), count: 1 });
    }
  return [...counts.entries()]
    .sort((a, b) => b[1].count - a[1].count || collator.compare(a[1].name, b[1].name))
    .slice(0, NETWORKER_LIST_LIMITS.filterValuesShown)
    .map(([id, v]) => ({ id, name: v.name, count: v.count }));
}

export function buildListsIndex(rows: ListableRow[]): ListsIndex {
  const members = rows.map((r): Member => {
    const sets = tagSets(r);
    const written = [...sets.interested.values(), ...sets.expert.values(), ...sets.looking.values(), ...sets.topics.values()];
    return {
      id: r.id,
      hay: ` ${wordsOf([r.firstName, r.lastName, r.jobTitle, r.company, ...written].join(' ')).join(' ')}`,
      company: tagKey(r.company),
      tags: new Set([...sets.interested.keys(), ...sets.expert.keys(), ...sets.looking.keys(), ...sets.topics.keys()]),
      level: r.level ?? 1,
      sets,
      name: [r.lastName, r.firstName],
    };
  });
  members.sort((a, b) => collator.compare(a.name[0], b.name[0]) || collator.compare(a.name[1], b.name[1]) || a.id - b.id);
  const interests = (r: ListableRow) => [...(r.interestedIn ?? []), ...(r.expertIn ?? []), ...(r.lookingFor ?? []), ...(r.topics ?? [])];
  // A member counts once per interest, whatever the sections it is in.
  const perMember = rows.map((r) => [...new Map(interests(r).map((t) => [tagKey(t), t])).values()]);
  const levels = NETWORKING_LEVELS.map((id) => ({ id, count: members.filter((m) => m.level === id).length }));
  return {
    members,
    byId: new Map(members.map((m) => [m.id, m])),
    filters: {
      interests: facets(perMember),
      companies: facets(rows.map((r) => (r.company.trim() ? [r.company] : []))),
      levels,
    },
  };
}

/** Builds under way per server and app: many readers arriving at an empty cache share one. */
const building = new WeakMap<Ctx, Map<number, Promise<ListsIndex>>>();
const indexKey = (appId: number) => `${appId}:networkers`;

function indexOf(ctx: Ctx, appId: number): Promise<ListsIndex> {
  const hit = ctx.caches.get(directoryIndexes).get(indexKey(appId)) as ListsIndex | undefined;
  if (hit) return Promise.resolve(hit);
  let pending = building.get(ctx);
  if (!pending) {
    pending = new Map();
    building.set(ctx, pending);
  }
  const running = pending.get(appId);
  if (running) return running;
  const load = cached<ListsIndex>(ctx, directoryIndexes, indexKey(appId), async () =>
    buildListsIndex(await listableNetworkers(ctx.db, appId)),
  ).finally(() => pending.delete(appId));
  pending.set(appId, load);
  return load;
}

function readerOf(ctx: Ctx, appId: number, userId: number): Promise<Reader> {
  return cached<Reader>(ctx, readerLists, readerKey(appId, userId), async () => {
    const [own, marks, contacts] = await Promise.all([
      profileTags(ctx.db, userId),
      marksOf(ctx.db, appId, userId),
      contactsOf(ctx.db, appId, userId),
    ]);
    return {
      own: tagSets(own),
      marks: new Map(marks.map((r) => [r.id, { mark: r.mark, at: r.at.getTime() }])),
      contacts: new Map(
        contacts.map((r) => [Number(r.id), { contactedAt: r.contactedAt.getTime(), connectedAt: r.connectedAt?.getTime() ?? null }]),
      ),
    };
  });
}

/** New, before marks and contacts are taken out: every member but me by score, then newest member first. */
function ranking(index: ListsIndex, reader: Reader, me: number): Ranked[] {
  if (reader.ranked?.index === index) return reader.ranked.list;
  const mine = index.byId.get(me)?.sets ?? reader.own;
  const list: Ranked[] = [];
  for (const m of index.members) {
    if (m.id === me) continue;
    const found: Match = m.sets ? match(mine, m.sets) : NO_MATCH;
    list.push({ m, key: [-found.score, -m.id], reason: found.reason });
  }
  list.sort((a, b) => compareKeys(a.key, b.key));
  reader.ranked = { index, list };
  return list;
}

function compareKeys(a: ReadonlyArray<number | string>, b: ReadonlyArray<number | string>): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const c =
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)) || (String(x) < String(y) ? -1 : 1);
    if (c !== 0) return c;
  }
  return 0;
}

/** The members of one list, in its order (privacy: only the index's members are ever listed). */
function membersOf(list: NetworkerList, index: ListsIndex, reader: Reader, me: number): Ranked[] {
  const pick = (ids: Iterable<[number, number]>): Ranked[] => {
    const out: Ranked[] = [];
    for (const [id, at] of ids) {
      const m = index.byId.get(id);
      if (m && id !== me) out.push({ m, key: [-at, -id] });
    }
    return out.sort((a, b) => compareKeys(a.key, b.key));
  };
  switch (list) {
    case 'all':
      return index.members.filter((m) => m.id !== me).map((m) => ({ m, key: [m.name[0], m.name[1], m.id] }));
    case 'new':
      return ranking(index, reader, me).filter((r) => !reader.marks.has(r.m.id) && !reader.contacts.has(r.m.id));
    case 'liked':
    case 'skipped':
      return pick([...reader.marks].filter(([, v]) => v.mark === list).map(([id, v]) => [id, v.at]));
    case 'contacted':
      return pick([...reader.contacts].filter(([, v]) => v.connectedAt === null).map(([id, v]) => [id, v.contactedAt]));
    case 'connected':
      return pick(
        [...reader.contacts].flatMap(([id, v]): Array<[number, number]> => (v.connectedAt === null ? [] : [[id, v.connectedAt]])),
      );
  }
}

const encodeCursor = (key: Array<number | string>) => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeCursor(cursor: string): Array<number | string> {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length > 0 && key.length <= 4 && key.every((k) => typeof k === 'number' || typeof k === 'string'))
      return key;
  } catch {
    // answered below
  }
  throw fieldError('cursor', 'networking-lists.errors.cursor');
}

/** The first position after the cursor's key (the list is sorted by key). */
function after(list: Ranked[], key: Array<number | string>): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys((list[mid] as Ranked).key, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One page of a networker list (spec 3 §2): searched (every word a word prefix of the name, job
 * title, company or a tag), filtered (interest, company, level), by cursor: a page starts after
 * the sort key of the last card of the previous one, so cards leaving or joining the list
 * meanwhile neither repeat nor skip others.
 */
export async function networkerList(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  list: NetworkerList,
  q: NetworkerListQuery,
): Promise<NetworkerPage> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const appId = scope.tenant.id;
  const me = scope.user.id;
  const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
  const pageKey = `${readerKey(appId, me)}${list}:${JSON.stringify([q.q ?? '', q.interest ?? '', q.company ?? '', q.level ?? 0, q.cursor ?? '', q['per-page']])}`;
  const pages = ctx.caches.get(readerPages);
  const hit = pages.get(pageKey) as NetworkerPage | undefined;
  if (hit) return hit;
  const epoch = pages.epoch;
  const [index, reader] = await Promise.all([indexOf(ctx, appId), readerOf(ctx, appId, me)]);
  const needles = q.q
    ? wordsOf(q.q)
        .slice(0, 8)
        .map((w) => ` ${w}`)
    : [];
  const interest = q.interest ? tagKey(q.interest) : '';
  const company = q.company ? tagKey(q.company) : '';
  const found = membersOf(list, index, reader, me).filter(
    ({ m }) =>
      (!interest || m.tags.has(interest)) &&
      (!company || m.company === company) &&
      (!q.level || m.level === q.level) &&
      needles.every((n) => m.hay.includes(n)),
  );
  const from = cursor ? after(found, cursor) : 0;
  const slice = found.slice(from, from + q['per-page']);
  const reasons = list === 'new' ? new Map(slice.map((r) => [r.m.id, r.reason ?? null])) : undefined;
  const items = await networkerCards(
    ctx.db,
    appId,
    me,
    slice.map((r) => r.m.id),
    reasons,
  );
  const last = slice.at(-1);
  const answer: NetworkerPage = {
    items,
    next: last && from + slice.length < found.length ? encodeCursor(last.key) : null,
    total: found.length,
  };
  pages.setIfUnchanged(pageKey, answer, epoch);
  return answer;
}

/** The values the lists' filter bar offers (the app's listable members). */
export async function networkerListFilters(ctx: Ctx, scope: Scope, moduleId: number): Promise<NetworkerFilters> {
  await requireModule(ctx, scope, 'networking', moduleId);
  return (await indexOf(ctx, scope.tenant.id)).filters;
}
