import { resourcesWatch } from '@app/contract/schemas/resources';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { onEvent, type SocketEvents, type SocketScope } from '../../platform/module.ts';
import { scopeOfSocket } from '../../platform/scope.ts';
import { requireResources, watchRoom } from './resources.service.ts';

/** Modules one socket watches at once (the oldest is left). */
const WATCH_MAX = 4;

/**
 * `resourcesWatch`: a resources screen asks for the module's changes live. The module is checked to
 * be a resources module of the socket's app before the socket joins its room.
 */
export function resourcesSocket(app: FastifyInstance, s: SocketScope): SocketEvents {
  const watching: number[] = [];
  const latest = new Map<number, number>();
  let seq = 0;
  return {
    resourcesWatch: onEvent(resourcesWatch, async (p) => {
      const id = p.app_module_id;
      const mine = ++seq;
      latest.set(id, mine);
      if (!p.watch) {
        latest.delete(id);
        const i = watching.indexOf(id);
        if (i >= 0) watching.splice(i, 1);
        s.leave(watchRoom(id));
        return;
      }
      try {
        await requireResources(app.ctx, await scopeOfSocket(app.ctx, s), id);
      } catch (err) {
        if (err instanceof HttpError) return;
        throw err;
      }
      if (latest.get(id) !== mine || watching.includes(id)) return;
      watching.push(id);
      s.join(watchRoom(id));
      while (watching.length > WATCH_MAX) {
        const oldest = watching.shift() as number;
        latest.delete(oldest);
        s.leave(watchRoom(oldest));
      }
    }),
  };
}
