import type { PublicQuestion, PublicSession, Question, SessionDetail } from '@app/contract/schemas/agenda';
// The `agendaChanged` event (an organiser's import) is declared with the console's import calls.
import type {} from '@app/contract/schemas/console-agenda-import';
import type { QueryClient } from '@tanstack/react-query';
import { emitSocket } from '../../lib/socket.ts';
import { agendaKey, overviewKey, patchSessionEverywhere, putQuestion } from './api/agenda-api.ts';

/** What the socket brings, into the query cache (loaded with the first agenda event, not with the app). */

/** Sessions whose screen is open: watched again on every connection. */
const watched = new Map<number, number>();

/**
 * Starts or stops a session's live Q&A. With the socket not connected yet (or gone), the watch is
 * sent when it connects (onConnect), however long that takes.
 */
export function watch(moduleId: number, sessionId: number, on: boolean) {
  if (on) watched.set(sessionId, moduleId);
  else watched.delete(sessionId);
  emitSocket('agendaWatch', { app_module_id: moduleId, session_id: sessionId, watch: on });
}

export function onSession(qc: QueryClient, s: PublicSession) {
  patchSessionEverywhere(qc, s.app_module_id, s);
  // It may have moved to another day or out of a filtered list. The refetch waits a moment: the
  // server that answers may drop its cached lists just after this event arrived (another node's
  // change), and a row never goes back to an older version meanwhile (patchSessionEverywhere).
  setTimeout(() => {
    void qc.invalidateQueries({ queryKey: [...agendaKey(s.app_module_id), 'sessions'] });
    void qc.invalidateQueries({ queryKey: overviewKey(s.app_module_id) });
  }, 1_000);
}

/** Many sessions changed at once (an organiser imported a schedule): every open screen of the agenda refetches. */
export function onAgendaChanged(qc: QueryClient, moduleId: number) {
  void qc.invalidateQueries({ queryKey: agendaKey(moduleId) });
}

/** The module of a session from the cache of its open screen. */
function moduleOf(sessionId: number): number | undefined {
  return watched.get(sessionId);
}

export function onQuestion(qc: QueryClient, q: PublicQuestion) {
  const m = moduleOf(q.session_id);
  if (m !== undefined) putQuestion(qc, m, q);
}

export function onQuestionRemoved(qc: QueryClient, sessionId: number, id: number) {
  const m = moduleOf(sessionId);
  if (m === undefined) return;
  qc.setQueryData<Question[]>(['agenda', m, 'questions', sessionId], (list) => list?.filter((q) => q.id !== id));
}

export function onAttendees(qc: QueryClient, sessionId: number, count: number) {
  const m = moduleOf(sessionId);
  if (m === undefined) return;
  qc.setQueryData<SessionDetail>(['agenda', m, 'session', sessionId], (d) => (d ? { ...d, attendees_count: count } : d));
}

/** Another member rated the session: its open screen (and any list holding it) shows the new average. */
export function onRating(qc: QueryClient, sessionId: number, average: number | null, count: number) {
  const m = moduleOf(sessionId);
  if (m === undefined) return;
  patchSessionEverywhere(qc, m, { id: sessionId, rating_average: average, ratings_count: count });
}

/** Every connection, the first included: watch the open sessions (again) and fetch what was missed. */
export function onConnect(qc: QueryClient) {
  for (const [sessionId, m] of watched) {
    emitSocket('agendaWatch', { app_module_id: m, session_id: sessionId, watch: true });
    void qc.invalidateQueries({ queryKey: ['agenda', m, 'questions', sessionId] });
    void qc.invalidateQueries({ queryKey: ['agenda', m, 'session', sessionId] });
  }
  for (const m of new Set(watched.values())) void qc.invalidateQueries({ queryKey: [...agendaKey(m), 'sessions'] });
}
