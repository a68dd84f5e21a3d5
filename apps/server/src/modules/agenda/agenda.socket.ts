import { AGENDA_LIMITS, agendaWatch } from '@app/contract/schemas/agenda';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { onEvent, type SocketEvents, type SocketScope } from '../../platform/module.ts';
import { scopeOfSocket } from '../../platform/scope.ts';
import { findSession } from './agenda.queries.ts';
import { agendaModule, watchRoom } from './agenda.service.ts';

/**
 * `agendaWatch`: a session's screen asks for its Q&A and attendee count live. The session is
 * checked to be in the socket's app and an agenda module of it; a socket watches at most
 * AGENDA_LIMITS.watchMax sessions (the oldest is left).
 */
export function agendaSocket(app: FastifyInstance, s: SocketScope): SocketEvents {
  const watching: number[] = [];
  /** The latest request per session: a watch still being checked when an unwatch arrives is dropped. */
  const latest = new Map<number, number>();
  let seq = 0;
  return {
    agendaWatch: onEvent(agendaWatch, async (p) => {
      const room = watchRoom(p.session_id);
      const mine = ++seq;
      latest.set(p.session_id, mine);
      if (!p.watch) {
        latest.delete(p.session_id);
        const i = watching.indexOf(p.session_id);
        if (i >= 0) watching.splice(i, 1);
        s.leave(room);
        return;
      }
      try {
        const scope = await scopeOfSocket(app.ctx, s);
        const at = await agendaModule(app.ctx, scope, p.app_module_id);
        if (!(await findSession(app.ctx.db, at, p.session_id))) return;
      } catch (err) {
        if (err instanceof HttpError) return;
        throw err;
      }
      if (latest.get(p.session_id) !== mine || watching.includes(p.session_id)) return;
      watching.push(p.session_id);
      s.join(room);
      while (watching.length > AGENDA_LIMITS.watchMax) {
        const oldest = watching.shift() as number;
        latest.delete(oldest);
        s.leave(watchRoom(oldest));
      }
    }),
  };
}
