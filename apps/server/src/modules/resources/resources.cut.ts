import type { Viewer } from './resources.policy.ts';
import { isOwner } from './resources.policy.ts';
import type { ResourceListRow } from './resources.queries.ts';

/**
 * The lists cut in memory from a module's cached rows, per reader: what they see (hidden items to
 * their owners only, nothing inside a folder they do not see), folders' counts of what they see,
 * in the organiser's order (position, then newest first), and a title search where every word is a word prefix of the title
 * (lowercased, NFC, combining marks kept: as `searchQuery` with PostgreSQL's `simple` configuration).
 */
export interface Cut {
  rows: ResourceListRow[];
  counts: Map<number, number>;
}

const words = (s: string) =>
  s
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

export function visibleRows(all: ResourceListRow[], v: Viewer): Cut {
  const byId = new Map(all.map((r) => [r.item.id, r]));
  const sees = (r: ResourceListRow) => {
    if (!(r.item.active || isOwner(v, r.item))) return false;
    const f = r.item.folderId === null ? undefined : byId.get(r.item.folderId);
    return !f || f.item.active || isOwner(v, f.item);
  };
  const rows = all.filter(sees);
  const counts = new Map<number, number>();
  for (const r of rows) if (r.item.folderId !== null) counts.set(r.item.folderId, (counts.get(r.item.folderId) ?? 0) + 1);
  return { rows, counts };
}

export function placeRows(cut: Cut, where: { folderId: number | null; search: string | null }): ResourceListRow[] {
  let rows: ResourceListRow[];
  if (where.search) {
    const wanted = words(where.search).slice(0, 8);
    rows = wanted.length
      ? cut.rows.filter((r) => {
          const have = words(r.item.title);
          return wanted.every((w) => have.some((h) => h.startsWith(w)));
        })
      : [];
  } else rows = cut.rows.filter((r) => r.item.folderId === where.folderId);
  return rows.sort(byOrder);
}

/** The organiser's order within a folder: position, then newest first (then the newest id). */
export function byOrder(a: ResourceListRow, b: ResourceListRow): number {
  if (a.item.position !== b.item.position) return a.item.position - b.item.position;
  const ta = a.item.createdAt.getTime();
  const tb = b.item.createdAt.getTime();
  return ta !== tb ? tb - ta : b.item.id - a.item.id;
}
