import type { MatchReason, NetworkerList } from '@app/contract/schemas/networking-hub';
import { NETWORKING_LEVELS } from '@app/contract/schemas/networking-hub';
import type { NetworkerFilters, NetworkerListQuery, NetworkerPage } from '@app/contract/schemas/networking-lists';
import { NETWORKER_LIST_LIMITS } from '@app/contract/schemas/networking-lists';
import type { Ctx } from '../../../context.ts';
import { fieldError } from '../../../lib/errors.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { defineCache } from '../../../platform/caches.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { Scope } from '../../../platform/scope.ts';
import { cached } from '../../content/content.caches.ts';
import { directoryIndexes } from '../../users/profiles.caches.ts';
import { networkerCards } from '../networking.cards.ts';
import { readerKey, readerLists, readerPages } from './lists.caches.ts';
import { contactsOf, type ListableRow, listableNetworkers, marksOf, profileTags } from './lists.queries.ts';
import { MATCH_WEIGHTS, match, type TagSets, tagKey, tagSets } from './match.ts';

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
export interface ListsIndex {
  /** By last name, first name (All). */
  members: Member[];
  byId: Map<number, Member>;
  /** Positions in `members`, newest member (highest id) first: New's order among equal scores. */
  newest: Int32Array;
  /** Per section, each tag's members (positions): a reader is scored by their own few tags, not by every member. */
  postings: Record<keyof TagSets, Map<string, number[]>>;
  filters: NetworkerFilters;
}

type Key = Array<number | string>;
/** A list in its order: the member at a position and its sort key (the cursor of a page ending there). */
interface View {
  size: number;
  at(i: number): Member;
  key(i: number): Key;
}
/**
 * New before marks and contacts are taken out, compact (8 bytes a member, kept per reader): the
 * index positions by score then newest member, and each position's score.
 */
interface Ranking {
  index: ListsIndex;
  order: Int32Array;
  scores: Int32Array;
}
interface Reader {
  /** The reader's own tags when they are not in the index (opted out). */
  own: TagSets;
  marks: Map<number, { mark: 'liked' | 'skipped'; at: number }>;
  contacts: Map<number, { contactedAt: number; connectedAt: number | null }>;
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
  const newest = Int32Array.from(members.keys()).sort((a, b) => (members[b] as Member).id - (members[a] as Member).id);
  const postings: ListsIndex['postings'] = { interested: new Map(), expert: new Map(), looking: new Map(), topics: new Map() };
  for (const [pos, m] of members.entries())
    for (const section of SECTIONS)
      for (const key of m.sets[section].keys()) {
        const list = postings[section].get(key);
        if (list) list.push(pos);
        else postings[section].set(key, [pos]);
      }
  return {
    members,
    byId: new Map(members.map((m) => [m.id, m])),
    newest,
    postings,
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

/** The last index built per server and app, with the cache's epoch then: served while its successor builds after a mere expiry. */
const lastBuilt = new WeakMap<Ctx, Map<number, { index: ListsIndex; epoch: number }>>();

function indexOf(ctx: Ctx, appId: number): Promise<ListsIndex> {
  const cache = ctx.caches.get(directoryIndexes);
  const hit = cache.get(indexKey(appId)) as ListsIndex | undefined;
  if (hit) return Promise.resolve(hit);
  let pending = building.get(ctx);
  if (!pending) {
    pending = new Map();
    building.set(ctx, pending);
  }
  let last = lastBuilt.get(ctx);
  if (!last) {
    last = new Map();
    lastBuilt.set(ctx, last);
  }
  const previous = last.get(appId);
  let running = pending.get(appId);
  if (!running) {
    const epoch = cache.epoch;
    const load = cached<ListsIndex>(ctx, directoryIndexes, indexKey(appId), async () =>
      buildListsIndex(await listableNetworkers(ctx.db, appId)),
    )
      .then((index) => {
        last.set(appId, { index, epoch });
        return index;
      })
      .finally(() => pending.delete(appId));
    pending.set(appId, load);
    running = load;
  }
  // Nothing was dropped since the previous build (it only expired): answer it while the new one builds.
  if (previous && previous.epoch === cache.epoch) {
    running.catch(() => {});
    return Promise.resolve(previous.index);
  }
  return running;
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

const SECTIONS = ['interested', 'expert', 'looking', 'topics'] as const;
/** match()'s kinds: [kind, the reader's section, the other member's section]. */
const KINDS: Array<[MatchReason['kind'], keyof TagSets, keyof TagSets]> = [
  ['youLookForThem', 'looking', 'expert'],
  ['theyLookForYou', 'expert', 'looking'],
  ['bothExpert', 'expert', 'expert'],
  ['bothInterested', 'interested', 'interested'],
  ['bothTopic', 'topics', 'topics'],
  ['bothLooking', 'looking', 'looking'],
];

/** Rankings per reader: bounded apart from the rest of the reader's state (each is 8 bytes a member). */
const rankings = defineCache('networking-list-rankings', () => new TtlCache<Ranking>(30_000, 300));

/**
 * The reader's New order over an index, pure: every member's match() score, summed through the
 * per-tag postings (the reader's few tags, not every member), by score then newest member.
 */
export function rankNew(index: ListsIndex, mine: TagSets): { order: Int32Array; scores: Int32Array } {
  const n = index.members.length;
  const scores = new Int32Array(n);
  // The same sums as match(): per kind, each of my tags adds its weight to every member holding it in their section.
  for (const [kind, my, theirs] of KINDS)
    for (const key of mine[my].keys())
      for (const pos of index.postings[theirs].get(key) ?? []) scores[pos] = (scores[pos] as number) + MATCH_WEIGHTS[kind];
  // By score, newest member first among equals: a counting sort over the newest order.
  let top = 0;
  for (let i = 0; i < n; i++) if ((scores[i] as number) > top) top = scores[i] as number;
  const starts = new Int32Array(top + 2);
  for (let i = 0; i < n; i++) {
    const b = top - (scores[i] as number) + 1;
    starts[b] = (starts[b] as number) + 1;
  }
  for (let b = 1; b < starts.length; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
  const order = new Int32Array(n);
  for (const pos of index.newest) {
    const b = top - (scores[pos] as number);
    const at = starts[b] as number;
    order[at] = pos;
    starts[b] = at + 1;
  }
  return { order, scores };
}

/** New, before marks and contacts are taken out: every member by score, then newest member first. */
function rankingOf(ctx: Ctx, index: ListsIndex, reader: Reader, appId: number, me: number): Ranking {
  const cache = ctx.caches.get(rankings);
  const key = readerKey(appId, me);
  const hit = cache.get(key);
  if (hit?.index === index) return hit;
  const ranking: Ranking = { index, ...rankNew(index, index.byId.get(me)?.sets ?? reader.own) };
  cache.set(key, ranking);
  return ranking;
}

function compareKeys(a: ReadonlyArray<number | string>, b: ReadonlyArray<number | string>): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    // Strings as the index sorts them (the id, last in every key, settles ties).
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    if (c !== 0) return c;
  }
  return 0;
}

/** One list in its order (privacy: only the index's members are ever listed). */
function viewOf(ctx: Ctx, list: NetworkerList, index: ListsIndex, reader: Reader, appId: number, me: number): View {
  const { members } = index;
  if (list === 'all') return { size: members.length, at: (i) => members[i] as Member, key: (i) => allKey(members[i] as Member) };
  if (list === 'new') {
    const { order, scores } = rankingOf(ctx, index, reader, appId, me);
    const pos = (i: number) => order[i] as number;
    return {
      size: order.length,
      at: (i) => members[pos(i)] as Member,
      key: (i) => [-(scores[pos(i)] as number), -(members[pos(i)] as Member).id],
    };
  }
  const picked: Array<{ m: Member; key: Key }> = [];
  const add = (id: number, at: number) => {
    const m = index.byId.get(id);
    if (m) picked.push({ m, key: [-at, -id] });
  };
  if (list === 'liked' || list === 'skipped') {
    for (const [id, v] of reader.marks) if (v.mark === list) add(id, v.at);
  } else {
    for (const [id, v] of reader.contacts)
      if (list === 'contacted' && v.connectedAt === null) add(id, v.contactedAt);
      else if (list === 'connected' && v.connectedAt !== null) add(id, v.connectedAt);
  }
  picked.sort((a, b) => compareKeys(a.key, b.key));
  return { size: picked.length, at: (i) => (picked[i] as { m: Member }).m, key: (i) => (picked[i] as { key: Key }).key };
}

const allKey = (m: Member): Key => [m.name[0], m.name[1], m.id];

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

/** The first position after the cursor's key (a view is sorted by key). */
function after(view: View, key: Key): number {
  let lo = 0;
  let hi = view.size;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(view.key(mid), key) <= 0) lo = mid + 1;
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
  // Readers asking the same page at once (a reader's tabs, a refetch after an event) share one answer.
  let pending = answering.get(ctx);
  if (!pending) {
    pending = new Map();
    answering.set(ctx, pending);
  }
  // Not one begun before a drop (a mark or contact changed since): that answer may be stale.
  const running = pending.get(pageKey);
  if (running && running.epoch === pages.epoch) return running.work;
  const work = answerPage(ctx, appId, me, list, q, cursor, pageKey).finally(() => {
    if (pending.get(pageKey)?.work === work) pending.delete(pageKey);
  });
  pending.set(pageKey, { work, epoch: pages.epoch });
  return work;
}

const answering = new WeakMap<Ctx, Map<string, { work: Promise<NetworkerPage>; epoch: number }>>();

async function answerPage(
  ctx: Ctx,
  appId: number,
  me: number,
  list: NetworkerList,
  q: NetworkerListQuery,
  cursor: Key | undefined,
  pageKey: string,
): Promise<NetworkerPage> {
  const pages = ctx.caches.get(readerPages);
  const epoch = pages.epoch;
  const [index, reader] = await Promise.all([indexOf(ctx, appId), readerOf(ctx, appId, me)]);
  const needles = q.q
    ? wordsOf(q.q)
        .slice(0, 8)
        .map((w) => ` ${w}`)
    : [];
  const interest = q.interest ? tagKey(q.interest) : '';
  const company = q.company ? tagKey(q.company) : '';
  const view = viewOf(ctx, list, index, reader, appId, me);
  const isNew = list === 'new';
  const from = cursor ? after(view, cursor) : 0;
  const page: number[] = [];
  let total = 0;
  let last = -1;
  let more = false;
  for (let i = 0; i < view.size; i++) {
    const m = view.at(i);
    if (m.id === me) continue;
    if (isNew && (reader.marks.has(m.id) || reader.contacts.has(m.id))) continue;
    if (interest && !m.tags.has(interest)) continue;
    if (company && m.company !== company) continue;
    if (q.level && m.level !== q.level) continue;
    if (needles.length > 0 && !needles.every((n) => m.hay.includes(n))) continue;
    total++;
    if (i < from) continue;
    if (page.length < q['per-page']) {
      page.push(m.id);
      last = i;
    } else more = true;
  }
  let reasons: Map<number, MatchReason | null> | undefined;
  if (isNew) {
    const mine = index.byId.get(me)?.sets ?? reader.own;
    reasons = new Map(page.map((id) => [id, match(mine, (index.byId.get(id) as Member).sets).reason]));
  }
  const items = await networkerCards(ctx.db, appId, me, page, reasons);
  const answer: NetworkerPage = { items, next: more && last >= 0 ? encodeCursor(view.key(last)) : null, total };
  pages.setIfUnchanged(pageKey, answer, epoch);
  return answer;
}

/** The values the lists' filter bar offers (the app's listable members). */
export async function networkerListFilters(ctx: Ctx, scope: Scope, moduleId: number): Promise<NetworkerFilters> {
  await requireModule(ctx, scope, 'networking', moduleId);
  return (await indexOf(ctx, scope.tenant.id)).filters;
}
