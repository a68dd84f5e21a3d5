import type { ResourceItem } from '@app/contract/schemas/resources';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { itemKey, listsKey } from './keys.ts';

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}
type Lists = InfiniteData<Page<ResourceItem>>;

/** The list order of the server: the organiser's position, then newest first. */
const before = (a: ResourceItem, b: ResourceItem) =>
  a.position !== b.position ? a.position < b.position : a.uploaded_at !== b.uploaded_at ? a.uploaded_at > b.uploaded_at : a.id > b.id;

/** A list query's place: [moduleKey..., 'list', folderId (0: root), search]. */
const placeOf = (key: readonly unknown[]) => ({ folder: Number(key[3] ?? 0), search: String(key[4] ?? '') });

/**
 * A folder's `files_count` is what its reader sees (hidden items count for their owners only), so
 * it is never patched from a change, which is another reader's view or does not tell whether this
 * reader counted the item: the lists showing the folder and its own query are fetched again.
 */
function refreshCount(qc: QueryClient, moduleId: number, folderId: number | null) {
  if (folderId === null) return;
  const shows = (d: Lists | undefined) => d?.pages.some((p) => p.items.some((i) => i.id === folderId)) ?? false;
  void qc.invalidateQueries({ queryKey: listsKey(moduleId), predicate: (q) => shows(q.state.data as Lists | undefined) });
  void qc.invalidateQueries({ queryKey: itemKey(moduleId, folderId), exact: true });
}

/** The item as this reader's cache has it, if anywhere. */
function cached(qc: QueryClient, moduleId: number, id: number): ResourceItem | undefined {
  const own = qc.getQueryData<ResourceItem | null>(itemKey(moduleId, id));
  if (own) return own;
  for (const [, data] of qc.getQueriesData<Lists>({ queryKey: listsKey(moduleId) })) {
    const found = data?.pages.flatMap((p) => p.items).find((i) => i.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * An item new or changed, into every list of its module where it belongs (its folder's, in order;
 * a search's only when already there) and into its own query. A folder keeps this reader's count;
 * the count of the folder it is in is fetched again unless only its title changed.
 */
export function putItem(qc: QueryClient, changed: ResourceItem) {
  const m = changed.app_module_id;
  const had = cached(qc, m, changed.id);
  const item = changed.type === 'folder' && had ? { ...changed, files_count: had.files_count } : changed;
  for (const [key, data] of qc.getQueriesData<Lists>({ queryKey: listsKey(m) })) {
    if (!data) continue;
    const place = placeOf(key);
    const here = data.pages.some((p) => p.items.some((i) => i.id === item.id));
    const moved = here && had !== undefined && had.position !== item.position;
    if (moved) {
      // The organiser reordered the folder (other items' positions changed too): read the list again.
      void qc.invalidateQueries({ queryKey: key, exact: true });
    } else if (here) {
      qc.setQueryData<Lists>(key, {
        ...data,
        pages: data.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === item.id ? item : i)) })),
      });
    } else if (!place.search && place.folder === (item.folder_id ?? 0)) {
      const pages = data.pages.map((p) => ({ ...p, items: [...p.items] }));
      const all = pages.flatMap((p) => p.items);
      const at = all.findIndex((i) => before(item, i));
      // Past the loaded pages it will come with a later page.
      if (at >= 0 || !pages.at(-1) || pages.at(-1)?.page === pages.at(-1)?.pageCount) {
        let n = at < 0 ? all.length : at;
        for (const p of pages) {
          if (n <= p.items.length) {
            p.items.splice(n, 0, item);
            p.total += 1;
            break;
          }
          n -= p.items.length;
        }
      }
      qc.setQueryData<Lists>(key, { ...data, pages });
    }
  }
  qc.setQueryData(itemKey(m, item.id), item);
  if (!had || had.active !== item.active) refreshCount(qc, m, item.folder_id);
  // A folder new to this reader (or shown again): its count as this reader sees it.
  if (item.type === 'folder' && !had) refreshCount(qc, m, item.id);
}

/** An item gone (deleted, or hidden from this reader): out of every list; its screen says it is gone; its folder's count fetched again. */
export function dropItem(qc: QueryClient, moduleId: number, id: number, folderId: number | null) {
  for (const [key, data] of qc.getQueriesData<Lists>({ queryKey: listsKey(moduleId) })) {
    if (!data?.pages.some((p) => p.items.some((i) => i.id === id))) continue;
    qc.setQueryData<Lists>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, total: Math.max(0, p.total - 1), items: p.items.filter((i) => i.id !== id) })),
    });
  }
  qc.setQueryData(itemKey(moduleId, id), null);
  refreshCount(qc, moduleId, folderId);
}
