import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { LeanSocket, numberAfter, percentile, stringAfter } from '../../platform/bench-socket.ts';
import { demoApps } from '../../platform/demo.ts';
import type { BenchSetup, LoadReport, LoadTest } from '../../platform/module.ts';
import { insertChatGroups } from './chats.load-members.ts';

/**
 * Issue 9's load run, made only by `npm run bench`: people in groups of 10 of the demo app's chats,
 * each connected over Socket.IO and sending a message every 2 s (`chatSend`, acknowledged). It
 * counts messages stored (acknowledged), delivery latency from send to receipt at every other member,
 * lost receipts (a member never got a stored message) and duplicates (a member got one twice).
 * First 1,000 clients for 60 s (targets: p99 ≤ 100 ms, none lost or doubled), then larger steps for
 * 20 s each until p99 passes 250 ms.
 */
const GROUP = 10;
/** BENCH_CHAT_STEPS=5000 (comma-separated counts) runs only those steps. */
const STEPS = (process.env.BENCH_CHAT_STEPS ?? '1000,2000,3000,4000,5000')
  .split(',')
  .map(Number)
  .filter((n) => n >= GROUP);
const MAX_CLIENTS = Math.max(...STEPS);
const tokenOf = (i: number) => `bench-chat-token-${i}`;

export const chatsBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  const mod = demo?.byType('chats');
  if (!demo || !mod) throw new Error('chats bench: the demo app has no chats module');
  const appId = demo.app.id;
  // Member i is in group i / 10; the groups' chats have consecutive ids from the first.
  const members = await insertChatGroups(db, { appId, moduleId: mod.id, count: MAX_CLIENTS, group: GROUP, label: 'Bench', tokenOf });
  const first = members[0]?.chat ?? 0;
  await db.execute(sql`analyze`);
  return { chatsBenchModule: mod.id, chatsBenchFirstGroup: first };
};

interface StepResult {
  clients: number;
  seconds: number;
  sent: number;
  stored: number;
  failed: number;
  storedPerSecond: number;
  p50: number;
  p99: number;
  lost: number;
  duplicated: number;
}

/** One step: `clients` sockets in groups of 10, each sending every 2 s for `seconds`. */
async function step(base: string, moduleId: number, firstGroup: number, clients: number, seconds: number): Promise<StepResult> {
  const sockets: LeanSocket[] = [];
  for (let i = 0; i < clients; i += 100) {
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, clients - i) }, (_, k) => LeanSocket.open(base, tokenOf(i + k))))),
    );
  }
  const sentAt = new Map<string, number>();
  /** client id → message id, once acknowledged. */
  const stored = new Map<string, number>();
  const receipts = new Map<number, Set<number>>();
  const latencies: number[] = [];
  let duplicated = 0;
  let failed = 0;
  sockets.forEach((s, i) => {
    s.onEvent = (frame) => {
      if (!frame.startsWith('42["chatMessage",')) return;
      const id = numberAfter(frame, 'id');
      const at = sentAt.get(stringAfter(frame, 'client_id'));
      const got = receipts.get(id) ?? new Set<number>();
      if (got.has(i)) duplicated++;
      got.add(i);
      receipts.set(id, got);
      if (at !== undefined) latencies.push(performance.now() - at);
    };
  });
  const started = performance.now();
  let n = 0;
  const timers = sockets.map((s, i) => {
    const group = firstGroup + Math.floor(i / GROUP);
    const send = () => {
      const clientId = `b${clients}-${i}-${n++}`;
      sentAt.set(clientId, performance.now());
      s.emitWithAck(
        'chatSend',
        { app_module_id: moduleId, chat_id: group, client_id: clientId, text: `Load message ${clientId}` },
        10_000,
        (answer) => {
          if (!answer?.startsWith('{"ok":true')) failed++;
          else stored.set(clientId, numberAfter(answer, 'id', answer.indexOf('"message":')));
        },
      );
    };
    // Spread the first sends over the first 2 s, then every 2 s.
    const first = setTimeout(
      () => {
        send();
        timers[i] = setInterval(send, 2_000) as unknown as ReturnType<typeof setTimeout>;
      },
      (i * 2_000) / clients,
    );
    return first;
  });
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  for (const t of timers) {
    clearTimeout(t);
    clearInterval(t as unknown as ReturnType<typeof setInterval>);
  }
  const elapsed = (performance.now() - started) / 1_000;
  // Let the last messages arrive.
  await new Promise((r) => setTimeout(r, 5_000));
  // Every stored message must reach the other 9 members of its group and the sender's socket (10).
  let lost = 0;
  for (const id of stored.values()) lost += Math.max(0, GROUP - (receipts.get(id)?.size ?? 0));
  for (const s of sockets) s.close();
  latencies.sort((a, b) => a - b);
  return {
    clients,
    seconds,
    sent: sentAt.size,
    stored: stored.size,
    failed,
    storedPerSecond: Math.round(stored.size / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    lost,
    duplicated,
  };
}

export const chatsLoadTest: LoadTest = async ({ base, vars, rssMb }) => {
  const moduleId = Number(vars.chatsBenchModule);
  const firstGroup = Number(vars.chatsBenchFirstGroup);
  const mainSeconds = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
  const results: Array<StepResult & { rss: number }> = [];
  for (const [k, clients] of STEPS.entries()) {
    const r = await step(base, moduleId, firstGroup, clients, k === 0 ? mainSeconds : 20);
    results.push({ ...r, rss: rssMb() });
    console.log(
      `  ${clients} clients: ${r.storedPerSecond} msg/s stored, p50 ${r.p50} ms, p99 ${r.p99} ms, lost ${r.lost}, duplicated ${r.duplicated}, failed ${r.failed}`,
    );
    if (r.p99 > 250 || r.lost > 0) break;
  }
  const main = results[0];
  const held = results.filter((r) => r.p99 <= 250 && r.lost === 0 && r.duplicated === 0).map((r) => r.clients);
  const report: LoadReport = {
    name: 'Chats over Socket.IO (groups of 10, a message every 2 s per client)',
    columns: ['clients', 'seconds', 'stored msg/s', 'p50', 'p99', 'lost', 'duplicated', 'failed', 'server RSS'],
    rows: results.map((r) => [
      String(r.clients),
      String(r.seconds),
      String(r.storedPerSecond),
      `${r.p50} ms`,
      `${r.p99} ms`,
      String(r.lost),
      String(r.duplicated),
      String(r.failed),
      `${Math.round(r.rss)} MB`,
    ]),
    target: `1,000 clients: p99 ≤ 100 ms, 0 lost, 0 duplicated; largest count with p99 ≤ 250 ms: ${held.at(-1) ?? 'none'}`,
    pass: !!main && main.p99 <= 100 && main.lost === 0 && main.duplicated === 0 && main.failed === 0,
  };
  return report;
};
