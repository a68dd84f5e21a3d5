import type { ResourceItem } from '@app/contract/schemas/resources';
import type { QueryClient } from '@tanstack/react-query';
import { emitSocket } from '../../lib/socket.ts';
import { dropItem, putItem } from './api/cache.ts';
import { listsKey } from './api/keys.ts';

/** Modules whose screens are open, with how many: watched again on every connection. */
const watched = new Map<number, number>();

const send = (moduleId: number, on: boolean) => emitSocket('resourcesWatch', { app_module_id: moduleId, watch: on });

/**
 * The watch was sent: what changed between the screen's first read and the socket joining the room
 * is fetched again (a second later: the server checks the module first).
 */
function catchUp(qc: QueryClient, moduleId: number) {
  setTimeout(() => {
    if (!watched.has(moduleId)) return;
    void qc.invalidateQueries({ queryKey: listsKey(moduleId) });
    void qc.invalidateQueries({ queryKey: ['resources', moduleId, 'item'] });
  }, 1_000);
}

/**
 * A resources screen opens (on) or closes: the module's changes come live while one is open. With
 * the socket not connected yet (or gone), the watch is sent when it connects (onConnect), however
 * long that takes.
 */
export function watch(qc: QueryClient, moduleId: number, on: boolean) {
  const n = (watched.get(moduleId) ?? 0) + (on ? 1 : -1);
  if (n > 0) watched.set(moduleId, n);
  else watched.delete(moduleId);
  if (on && n === 1 && send(moduleId, true)) catchUp(qc, moduleId);
  if (!on && n <= 0) send(moduleId, false);
}

interface Change {
  app_module_id: number;
  id: number;
  folder_id: number | null;
  item: ResourceItem | null;
  hidden: boolean;
}

/** Someone added, renamed, hid or deleted an item: into the cache as this reader may see it. */
export function onChanged(qc: QueryClient, e: Change) {
  if (e.item) putItem(qc, e.item);
  else dropItem(qc, e.app_module_id, e.id, e.folder_id);
}

/** Every connection, the first included: watch the open modules (again) and fetch what was missed. */
export function onConnect(qc: QueryClient) {
  for (const m of watched.keys()) if (send(m, true)) catchUp(qc, m);
}
