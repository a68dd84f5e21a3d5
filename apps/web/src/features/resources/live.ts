import type { ResourceItem } from '@app/contract/schemas/resources';
import type { QueryClient } from '@tanstack/react-query';
import { emitSocket } from '../../lib/socket.ts';
import { dropItem, putItem } from './api/cache.ts';
import { listsKey } from './api/keys.ts';

/** Modules whose screens are open, with how many: watched again after a reconnection. */
const watched = new Map<number, number>();

function send(moduleId: number, on: boolean, tries = 20, onWatching?: () => void) {
  const sent = emitSocket('resourcesWatch', { app_module_id: moduleId, watch: on });
  if (sent && on) onWatching?.();
  // While the socket is still connecting, tries again for 10 s.
  if (!sent && on && tries > 0) setTimeout(() => watched.has(moduleId) && send(moduleId, true, tries - 1, onWatching), 500);
}

/**
 * A resources screen opens (on) or closes: the module's changes come live while one is open. What
 * changed between the screen's first read and the socket joining the room is fetched again once
 * the watch was sent (a second later: the server checks the module first).
 */
export function watch(qc: QueryClient, moduleId: number, on: boolean) {
  const n = (watched.get(moduleId) ?? 0) + (on ? 1 : -1);
  if (n > 0) watched.set(moduleId, n);
  else watched.delete(moduleId);
  if (on && n === 1)
    send(moduleId, true, 20, () =>
      setTimeout(() => {
        if (!watched.has(moduleId)) return;
        void qc.invalidateQueries({ queryKey: listsKey(moduleId) });
        void qc.invalidateQueries({ queryKey: ['resources', moduleId, 'item'] });
      }, 1_000),
    );
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

/** After a reconnection: watch the open modules again and fetch what was missed. */
export function onReconnect(qc: QueryClient) {
  for (const m of watched.keys()) {
    send(m, true);
    void qc.invalidateQueries({ queryKey: listsKey(m) });
    void qc.invalidateQueries({ queryKey: ['resources', m, 'item'] });
  }
}
