// The soak's figures: what the pass line asks, computed from the Recorder, and the table.
import type { Call, Recorder } from './members.ts';

export interface Window {
  name: string;
  from: number;
  to: number;
}

export interface Line {
  line: string;
  measured: string;
  target: string;
  /** undefined: information only */
  pass?: boolean;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number);

/** A call belongs to a window when it was under way during it (one in flight when a node is killed counts). */
export const inWindow = (c: Pick<Call, 'at' | 'ms'>, windows: Window[]) => windows.some((w) => c.at <= w.to && c.at + c.ms >= w.from);
export const failed = (c: Call) => c.status >= 500 || c.status === 0;
const pct = (n: number, of: number) => (of === 0 ? '0 %' : `${((100 * n) / of).toFixed(4)} %`);
export const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

/** HTTP figures: the pass line outside the chaos windows, totals beside it. */
export function httpLines(rec: Recorder, windows: Window[]): Line[] {
  const outside = rec.calls.filter((c) => !inWindow(c, windows));
  const inside = rec.calls.filter((c) => inWindow(c, windows));
  const bad = outside.filter(failed);
  const times = outside.map((c) => c.ms).sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  const all = rec.calls.map((c) => c.ms).sort((a, b) => a - b);
  const statuses = (list: Call[]) => {
    const by = new Map<number, number>();
    for (const c of list) if (c.status >= 400 || c.status === 0) by.set(c.status, (by.get(c.status) ?? 0) + 1);
    return (
      [...by.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
        .join(', ') || 'none'
    );
  };
  return [
    { line: 'HTTP calls (outside chaos windows / all)', measured: `${outside.length} / ${rec.calls.length}`, target: '' },
    {
      line: '5xx or no answer outside chaos windows',
      measured: `${bad.length} (${pct(bad.length, outside.length)})`,
      target: '< 0.025 %',
      pass: outside.length > 0 && bad.length / outside.length < 0.00025,
    },
    { line: 'errors inside chaos windows (planned)', measured: statuses(inside), target: 'counted apart' },
    { line: '4xx and 5xx outside chaos windows', measured: statuses(outside), target: '' },
    { line: 'mean latency (outside chaos windows)', measured: ms(mean), target: '< 100 ms', pass: outside.length > 0 && mean < 100 },
    {
      line: 'p50 / p99 latency (outside chaos windows)',
      measured: `${ms(percentile(times, 50))} / ${ms(percentile(times, 99))}`,
      target: 'p99 < 2 s',
      pass: outside.length > 0 && percentile(times, 99) < 2000,
    },
    {
      line: 'p99 / max latency, whole run',
      measured: `${ms(percentile(all, 99))} / ${ms(all.at(-1) ?? 0)}`,
      target: '',
    },
    {
      line: 'calls over 5 s (hung), whole run',
      measured: String(rec.calls.filter((c) => c.ms > 5000).length),
      target: '0',
      pass: rec.calls.every((c) => c.ms <= 5000),
    },
  ];
}

export interface LedgerResult {
  sent: number;
  acked: number;
  unacked: number;
  unackedDelivered: number;
  lost: number;
  lostFound: number;
  doubled: number;
  storedTwice: number;
  caughtUp: number;
  lostBefore: (t: number) => number;
  /** Each lost delivery: when the message was first sent and acknowledged, to whom. */
  lostList: Array<{ id: number; chat: number; member: number; sentAt: number; ackMs: number }>;
}

/**
 * The chat ledger: every acknowledged message must have reached every member of its chat exactly
 * once (live, or by catching up after a reconnection). `finalFound` holds, per member, the ids its
 * last catch-up at the end of the run found (a lost message still in the database).
 */
export function ledger(rec: Recorder, members: Map<number, number[]>, finalFound: Map<number, Set<number>>): LedgerResult {
  let acked = 0;
  let unacked = 0;
  let unackedDelivered = 0;
  let lost = 0;
  let lostFound = 0;
  let doubled = 0;
  let caughtUp = 0;
  const lostAt: number[] = [];
  const lostList: LedgerResult['lostList'] = [];
  const byClient = new Map<string, Set<number>>();
  for (const [id, r] of rec.receipts) {
    const set = byClient.get(r.clientId) ?? new Set<number>();
    set.add(id);
    byClient.set(r.clientId, set);
  }
  for (const s of rec.sent.values()) {
    if (s.id === undefined) {
      unacked++;
      if (byClient.has(s.clientId)) unackedDelivered++;
      continue;
    }
    acked++;
    const r = rec.receipts.get(s.id);
    for (const m of members.get(s.chat) ?? []) {
      const live = r?.live.get(m) ?? 0;
      if (live > 1) doubled += live - 1;
      if (r?.caughtUp.has(m)) caughtUp++;
      if (live === 0 && !r?.caughtUp.has(m)) {
        lost++;
        lostAt.push(s.firstAt);
        lostList.push({ id: s.id, chat: s.chat, member: m, sentAt: Math.round(s.firstAt), ackMs: Math.round(s.ackMs ?? 0) });
        if (finalFound.get(m)?.has(s.id)) lostFound++;
      }
    }
  }
  const storedTwice = [...byClient.values()].filter((ids) => ids.size > 1).length;
  return {
    sent: rec.sent.size,
    acked,
    unacked,
    unackedDelivered,
    lost,
    lostFound,
    doubled,
    storedTwice,
    caughtUp,
    lostBefore: (t) => lostAt.filter((a) => a < t).length,
    lostList,
  };
}

export function table(lines: Line[]): string {
  const rows = lines.map((l) => [l.line, l.measured, l.target, l.pass === undefined ? '' : l.pass ? 'pass' : 'FAIL']);
  const head = ['line', 'measured', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(fmt)].join('\n');
}
