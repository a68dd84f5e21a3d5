import type { AgendaConflict, ConsoleSession } from '@app/contract/schemas/console-agenda';

/** Pairs counted at most (a pathological agenda, every session in one room at once, stops here). */
const COUNT_MAX = 100_000;

/**
 * A room or a speaker booked twice: every pair of sessions (not cancelled) sharing a room or a
 * speaker whose times overlap (one ending when the other starts is no overlap). Per room and per
 * speaker the sessions are swept by start time, keeping those still running: O(n log n + pairs).
 * At most `max` pairs are listed, all are counted (up to COUNT_MAX).
 */
export function findConflicts(sessions: readonly ConsoleSession[], max: number): { conflicts: AgendaConflict[]; count: number } {
  const rooms = new Map<number, Span[]>();
  const speakers = new Map<number, Span[]>();
  for (const s of sessions) {
    if (s.cancelled) continue;
    const span: Span = { id: s.id, start: Date.parse(s.starts_at), end: Date.parse(s.ends_at) };
    if (s.room_id !== null) push(rooms, s.room_id, span);
    for (const sp of new Set(s.speaker_ids)) push(speakers, sp, span);
  }
  const out: AgendaConflict[] = [];
  let count = 0;
  const sweep = (kind: AgendaConflict['kind'], groups: Map<number, Span[]>) => {
    for (const [ref, spans] of groups) {
      if (spans.length < 2) continue;
      spans.sort((a, b) => a.start - b.start || a.id - b.id);
      let running: Span[] = [];
      for (const s of spans) {
        running = running.filter((r) => r.end > s.start);
        for (const r of running) {
          if (count >= COUNT_MAX) return;
          count++;
          if (out.length < max) out.push({ kind, ref_id: ref, session_ids: r.id < s.id ? [r.id, s.id] : [s.id, r.id] });
        }
        running.push(s);
      }
    }
  };
  sweep('room', rooms);
  sweep('speaker', speakers);
  return { conflicts: out, count };
}

interface Span {
  id: number;
  start: number;
  end: number;
}

function push(m: Map<number, Span[]>, key: number, s: Span) {
  const list = m.get(key);
  if (list) list.push(s);
  else m.set(key, [s]);
}
