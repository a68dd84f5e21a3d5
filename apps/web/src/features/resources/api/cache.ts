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

/** The list order of the server: folders first, then by title. */
const before = (a: ResourceItem, b: ResourceItem) =>
  a.type === 'folder' && b.type !== 'folder'
    ? true
    : a.type !== 'folder' && b.type === 'folder'
      ? false
      : a.title.toLowerCase() < b.title.toLowerCase();

/** A list query's place: [moduleKey..., 'list', folderId (0: root), search]. */
const placeOf = (key: readonly unknown[]) => ({ folder: Number(key[3] ?? 0), search: String(key[4] ?? '') });

function adjustCount(qc: QueryClient, moduleId: number, folderId: number | null, by: number) {
  if (folderId === null) return;
  const bump = (i: ResourceItem) =>
    i.id === folderId && i.files_count !== null ? { ...i, files_count: Math.max(0, i.files_count + by) } : i;
  qc.setQueriesData<Lists>({ queryKey: listsKey(moduleId) }, (d) =>
    d ? { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map(bump) })) } : d,
  );
  qc.setQueryData<ResourceItem | null>(itemKey(moduleId, folderId), (i) => (i ? bump(i) : i));
}

/**
 * An item new or changed, into every list of its module where it belongs (its folder's, in order;
 * a search's only when already there) and into its own query; a new one counts in its folder.
 */
export function putItem(qc: QueryClient, item: ResourceItem) {
  const m = item.app_module_id;
  let known = qc.getQueryData<ResourceItem | null>(itemKey(m, item.id)) != null;
  for (const [, data] of qc.getQueriesData<Lists>({ queryKey: listsKey(m) })) {
    if (data?.pages.some((p) => p.items.some((i) => i.id === item.id))) known = true;
  }
  for (const [key, data] of qc.getQueriesData<Lists>({ queryKey: listsKey(m) })) {
    if (!data) continue;
    const place = placeOf(key);
    const here = data.pages.some((p) => p.items.some((i) => i.id === item.id));
    if (here) {
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
  if (!known) adjustCount(qc, m, item.folder_id, 1);
}

/** An item gone (deleted, or hidden from this reader): out of every list; its screen says it is gone. */
export function dropItem(qc: QueryClient, moduleId: number, id: number, folderId: number | null) {
  let known = false;
  for (const [key, data] of qc.getQueriesData<Lists>({ queryKey: listsKey(moduleId) })) {
    if (!data?.pages.some((p) => p.items.some((i) => i.id === id))) continue;
    known = true;
    qc.setQueryData<Lists>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, total: Math.max(0, p.total - 1), items: p.items.filter((i) => i.id !== id) })),
    });
  }
  if (qc.getQueryData(itemKey(moduleId, id))) known = true;
  qc.setQueryData(itemKey(moduleId, id), null);
  if (known) adjustCount(qc, moduleId, folderId, -1);
}
