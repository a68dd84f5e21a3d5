/** One changed field of an audit entry: its value before and after (undefined: not there). */
export interface DiffLine {
  key: string;
  before: unknown;
  after: unknown;
  kind: 'added' | 'removed' | 'changed' | 'same';
}

/** The fields of before and after, side by side, in the order they first appear; same values marked. */
export function diffOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null): DiffLine[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const b = before && key in before ? before[key] : undefined;
    const a = after && key in after ? after[key] : undefined;
    const kind = b === undefined ? 'added' : a === undefined ? 'removed' : JSON.stringify(a) === JSON.stringify(b) ? 'same' : 'changed';
    return { key, before: b, after: a, kind };
  });
}

/** A value as one short line of text: strings as they are, others as JSON, long ones cut. */
export function shown(v: unknown, max = 120): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
