// The soak's members: each has one Socket.IO connection (the v4 protocol over one WebSocket, like the
// bench's LeanSocket, reconnecting as socket.io-client does) and makes HTTP calls, all through the
// proxy. Every HTTP answer's status and time, every socket (re)connection and every chat message sent
// and received goes into the shared Recorder.
import { SOCKET_PATH } from '@app/contract/realtime';
import WebSocket from 'ws';

export interface Call {
  /** ms since the run started */
  at: number;
  route: string;
  status: number;
  ms: number;
}

export interface Sent {
  clientId: string;
  chat: number;
  sender: number;
  firstAt: number;
  attempts: number;
  /** The stored message's id, from the acknowledgement. */
  id?: number;
  ackMs?: number;
  /** Statuses of refused or timed-out attempts (0: no answer within the timeout or the socket closed). */
  refused: number[];
  /** Uploads the message names (a picture). */
  attachments: number[];
}

export interface Receipt {
  chat: number;
  clientId: string;
  /** member index → live deliveries */
  live: Map<number, number>;
  /** members who got it only by catching up */
  caughtUp: Set<number>;
}

/** Everything the members measure. */
export class Recorder {
  readonly t0 = performance.now();
  calls: Call[] = [];
  acks: Array<{ at: number; ms: number; ok: boolean; status: number }> = [];
  sent = new Map<string, Sent>();
  receipts = new Map<number, Receipt>();
  /** Deliveries a catch-up answered that the member already had live (a client drops them by id). */
  overlap = 0;
  connects = 0;
  reconnects = 0;
  /** The member's own leaving and coming back (its phone slept), not counted as drops. */
  pauses = 0;
  disconnects = 0;
  serverRestarts = 0;
  connectErrors = 0;
  /** When the server refused a socket's handshake (a `connect_error`). */
  refusedAt: number[] = [];
  now() {
    return performance.now() - this.t0;
  }
  /** Second live deliveries: which message, to whom, when, and on which of the member's connections. */
  doubles: Array<{ id: number; member: number; at: number; first: number; again: number }> = [];
  private liveOn = new Map<string, { at: number; conn: number }>();
  /** A chat message reached member `m`, live (on its connection number `conn`) or by catching up. */
  receive(m: number, item: { id: number; chat_id: number; client_id: string }, how: 'live' | 'catchup', conn = 0) {
    if (how === 'live') {
      const key = `${item.id}:${m}`;
      const before = this.liveOn.get(key);
      if (before) this.doubles.push({ id: item.id, member: m, at: Math.round(this.now()), first: before.conn, again: conn });
      else this.liveOn.set(key, { at: this.now(), conn });
    }
    let r = this.receipts.get(item.id);
    if (!r) {
      r = { chat: item.chat_id, clientId: item.client_id, live: new Map(), caughtUp: new Set() };
      this.receipts.set(item.id, r);
    }
    if (how === 'live') r.live.set(m, (r.live.get(m) ?? 0) + 1);
    else if (r.live.has(m) || r.caughtUp.has(m)) this.overlap++;
    else r.caughtUp.add(m);
  }
}

export interface World {
  proxy: string;
  appKey: string;
  chatsModule: number;
  newsModule: number;
  eventsModule: number;
  agendaModule: number;
  sessions: number[];
  events: number[];
  picture: Buffer;
  rec: Recorder;
  /** Per-member pace: mean seconds between a member's chat messages and between its other actions. */
  chatEvery: number;
  actEvery: number;
  /** Mean seconds between a member's pauses (the app in the background for 1–4 s, then back). */
  pauseEvery: number;
}

const ACK_TIMEOUT_MS = 10_000;
const HTTP_TIMEOUT_MS = 10_000;
/** A message not acknowledged is sent again (same client id) until this long after its first send. */
const RETRY_FOR_MS = 60_000;

const jitter = (mean: number) => mean * 1000 * (0.5 + Math.random());
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

export class Member {
  private ws: WebSocket | undefined;
  private open = false;
  private stopped = false;
  private everConnected = false;
  private acks = new Map<number, (answer: unknown) => void>();
  private nextAck = 0;
  private n = 0;
  /** Seqs of its chat this member has (seqs are contiguous: last_seq + 1). */
  private seqs = new Set<number>();
  private prefix = 0;
  /** Messages to (re)send with the same client id once connected. */
  private outbox: string[] = [];
  private timers: NodeJS.Timeout[] = [];
  private catchingUp = false;
  /** Questions this member saw, to vote on. */
  private questions: Array<{ session: number; id: number }> = [];
  private registered = new Set<number>();
  private watching = 0;
  private pausing = false;
  private quieted = false;
  private resuming = false;
  /** Told `serverRestart`: away until its own reconnection. */
  private restarting = false;
  /** Its connections so far (the current one's number). */
  private conns = 0;

  constructor(
    readonly index: number,
    readonly userId: number,
    private readonly token: string,
    readonly chat: number,
    private readonly w: World,
  ) {}

  start() {
    this.connect();
    this.timers.push(setTimeout(() => this.chatLoop(), jitter(this.w.chatEvery)));
    this.timers.push(setTimeout(() => this.actLoop(), jitter(this.w.actEvery)));
    this.timers.push(setTimeout(() => this.pauseLoop(), jitter(this.w.pauseEvery)));
  }

  /** Now and then the member's phone sleeps: the socket closes, and opens again (anywhere) a little later. */
  private pauseLoop() {
    if (this.stopped || this.quieted) return;
    if (this.open && !this.pausing) {
      this.pausing = true;
      this.w.rec.pauses++;
      this.leave();
      this.timers.push(
        setTimeout(
          () => {
            this.pausing = false;
            this.resuming = true;
            this.connect();
          },
          1_000 + Math.random() * 3_000,
        ),
      );
    }
    this.timers.push(setTimeout(() => this.pauseLoop(), jitter(this.w.pauseEvery)));
  }

  /** No new messages or calls from now on; retries of unacknowledged messages go on. */
  quiet() {
    this.quieted = true;
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.leave();
  }

  // ---------------------------------------------------------------- socket

  private connect() {
    if (this.stopped) return;
    const ws = new WebSocket(`${this.w.proxy.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`);
    this.ws = ws;
    const conn = ++this.conns;
    const rec = this.w.rec;
    ws.on('message', (data) => {
      // A connection the member has left says nothing more (socket.io-client drops its packets too).
      if (this.ws !== ws) return;
      const frame = String(data);
      if (frame === '2') ws.send('3');
      else if (frame.startsWith('0')) ws.send(`40${JSON.stringify({ token: this.token })}`);
      else if (frame.startsWith('40')) this.onOpen();
      else if (frame.startsWith('44')) {
        rec.connectErrors++;
        ws.close();
      } else if (frame.startsWith('41')) ws.close();
      else if (frame.startsWith('43')) {
        const open = frame.indexOf('[');
        const done = this.acks.get(Number(frame.slice(2, open)));
        this.acks.delete(Number(frame.slice(2, open)));
        done?.((JSON.parse(frame.slice(open)) as unknown[])[0]);
      } else if (frame.startsWith('42')) this.onEvent(frame, conn);
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.ws !== ws) return;
      const was = this.open;
      this.open = false;
      // Every waiting acknowledgement fails now: the message goes back to the outbox.
      for (const done of this.acks.values()) done(undefined);
      this.acks.clear();
      if (this.stopped || this.pausing || this.restarting) return;
      if (was) rec.disconnects++;
      // socket.io-client's reconnection: 1 s, randomised by half (its defaults), then growing.
      this.timers.push(setTimeout(() => this.connect(), 500 + Math.random() * 1000));
    });
  }

  /** The member closes its connection itself (pause, serverRestart, end): nothing more is read from it. */
  private leave() {
    const ws = this.ws;
    this.ws = undefined;
    this.open = false;
    for (const done of this.acks.values()) done(undefined);
    this.acks.clear();
    ws?.close();
  }

  private onOpen() {
    const rec = this.w.rec;
    this.open = true;
    rec.connects++;
    if (this.everConnected && !this.resuming) rec.reconnects++;
    this.resuming = false;
    this.everConnected = true;
    if (this.watching) this.emit('agendaWatch', { app_module_id: this.w.agendaModule, session_id: this.watching, watch: true });
    void this.catchUp();
    const queued = this.outbox.splice(0);
    for (const clientId of queued) this.send(clientId);
  }

  private onEvent(frame: string, conn: number) {
    if (frame.startsWith('42["chatMessage",')) {
      const [, payload] = JSON.parse(frame.slice(2)) as [string, { item: { id: number; chat_id: number; seq: number; client_id: string } }];
      this.got(payload.item, 'live', conn);
    } else if (frame.startsWith('42["serverRestart"')) {
      // As the web app does (lib/socket.ts): disconnect, and connect again after a short random delay.
      this.w.rec.serverRestarts++;
      if (this.pausing || this.restarting) return;
      this.restarting = true;
      this.leave();
      this.timers.push(
        setTimeout(
          () => {
            this.restarting = false;
            this.connect();
          },
          500 + Math.random() * 2500,
        ),
      );
    } else if (frame.startsWith('42["agendaQuestion",')) {
      const [, p] = JSON.parse(frame.slice(2)) as [string, { question: { id: number; session_id: number; user: { id: number } } }];
      if (p.question.user.id !== this.userId) this.remember({ session: p.question.session_id, id: p.question.id });
    }
  }

  private remember(q: { session: number; id: number }) {
    this.questions.push(q);
    if (this.questions.length > 20) this.questions.shift();
  }

  private got(item: { id: number; chat_id: number; seq: number; client_id: string }, how: 'live' | 'catchup', conn = 0) {
    if (item.chat_id !== this.chat) return;
    this.w.rec.receive(this.index, item, how, conn);
    this.seqs.add(item.seq);
    while (this.seqs.has(this.prefix + 1)) this.prefix++;
  }

  /**
   * After a (re)connection: the chat's messages after the last seq below which it has them all (not
   * the largest it has: across nodes, live messages may arrive out of order). Pages of 100.
   */
  private async catchUp() {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      for (let page = 0; page < 50; page++) {
        const res = await this.http(
          'GET catch-up',
          `/chats/${this.w.chatsModule}/chats/${this.chat}/messages?after=${this.prefix}&limit=100`,
        );
        if (!res || !Array.isArray(res)) return;
        const items = res as Array<{ id: number; chat_id: number; seq: number; client_id: string }>;
        for (const item of items) this.got(item, 'catchup');
        if (items.length < 100) return;
      }
    } finally {
      this.catchingUp = false;
    }
  }

  /** The last catch-up of the run (the member opens its chat once more): what was still missing. */
  async finalCatchUp(): Promise<Array<{ id: number; chat_id: number; seq: number; client_id: string }>> {
    const found: Array<{ id: number; chat_id: number; seq: number; client_id: string }> = [];
    let after = this.prefix;
    for (let page = 0; page < 50; page++) {
      const res = await this.http('GET catch-up', `/chats/${this.w.chatsModule}/chats/${this.chat}/messages?after=${after}&limit=100`);
      if (!Array.isArray(res)) break;
      const items = res as Array<{ id: number; chat_id: number; seq: number; client_id: string }>;
      found.push(...items);
      after = items.at(-1)?.seq ?? after;
      if (items.length < 100) break;
    }
    return found;
  }

  /** Connected, or away on purpose (a pause is not a lost connection). */
  get isOpen() {
    return this.open || this.pausing;
  }

  private emit(event: string, payload: unknown) {
    if (this.open) this.ws?.send(`42${JSON.stringify([event, payload])}`);
  }

  private emitWithAck(event: string, payload: unknown, done: (answer: unknown) => void) {
    const id = this.nextAck++;
    const timer = setTimeout(() => {
      this.acks.delete(id);
      done(undefined);
    }, ACK_TIMEOUT_MS);
    this.acks.set(id, (answer) => {
      clearTimeout(timer);
      done(answer);
    });
    this.ws?.send(`42${id}${JSON.stringify([event, payload])}`);
  }

  // ---------------------------------------------------------------- chat

  private chatLoop() {
    if (this.stopped || this.quieted) return;
    const clientId = `s${this.index}-${this.n++}`;
    this.w.rec.sent.set(clientId, {
      clientId,
      chat: this.chat,
      sender: this.index,
      firstAt: this.w.rec.now(),
      attempts: 0,
      refused: [],
      attachments: [],
    });
    if (this.open) this.send(clientId);
    else this.outbox.push(clientId);
    this.timers.push(setTimeout(() => this.chatLoop(), jitter(this.w.chatEvery)));
  }

  /** Sends (or sends again, same client id: stored once) until acknowledged or out of attempts. */
  private send(clientId: string) {
    const s = this.w.rec.sent.get(clientId);
    if (!s || s.id !== undefined) return;
    if (s.attempts > 0 && this.w.rec.now() - s.firstAt > RETRY_FOR_MS) return;
    s.attempts++;
    const t = performance.now();
    const text = `Soak message ${clientId}: see you at the coffee corner after the keynote`;
    this.emitWithAck(
      'chatSend',
      { app_module_id: this.w.chatsModule, chat_id: this.chat, client_id: clientId, text, attachment_ids: s.attachments },
      (answer) => {
        const ms = performance.now() - t;
        const a = answer as { ok?: boolean; status?: number; message?: { id: number } } | undefined;
        if (a?.ok && a.message) {
          s.id = a.message.id;
          s.ackMs = ms;
          this.w.rec.acks.push({ at: this.w.rec.now(), ms, ok: true, status: 200 });
          return;
        }
        const status = a?.status ?? 0;
        s.refused.push(status);
        this.w.rec.acks.push({ at: this.w.rec.now(), ms, ok: false, status });
        if (status === 422 || this.stopped) return;
        // No answer (socket gone) or 503/429: again after reconnecting, or after a growing pause (1, 2, 4, 5 s…).
        const pause = Math.min(5_000, 1_000 * 2 ** Math.min(3, s.attempts - 1));
        if (!this.open) this.outbox.push(clientId);
        else this.timers.push(setTimeout(() => (this.open ? this.send(clientId) : this.outbox.push(clientId)), pause));
      },
    );
  }

  // ---------------------------------------------------------------- the rest of a member's day

  private actLoop() {
    if (this.stopped || this.quieted) return;
    void this.act().finally(() => {
      if (!this.stopped) this.timers.push(setTimeout(() => this.actLoop(), jitter(this.w.actEvery)));
    });
  }

  private async act() {
    const w = this.w;
    const r = Math.random();
    const session = pick(w.sessions);
    if (r < 0.14) await this.http('GET news feed', `/content/${w.newsModule}/posts?page=1&per-page=20`);
    else if (r < 0.24) await this.http('GET activity', '/user/activity');
    else if (r < 0.32) await this.http('GET app-menu', '/user/app-menu');
    else if (r < 0.4) await this.http('GET chat list', `/chats/${w.chatsModule}/chats`);
    else if (r < 0.48) await this.http('GET events', `/events/${w.eventsModule}/events`);
    else if (r < 0.54) await this.http('GET event', `/events/${w.eventsModule}/events/${pick(w.events)}`);
    else if (r < 0.62) await this.http('GET agenda', `/agenda/${w.agendaModule}/sessions`);
    else if (r < 0.72) {
      // Opens a session's Q&A: watches it live, reads it.
      if (this.watching && this.watching !== session)
        this.emit('agendaWatch', { app_module_id: w.agendaModule, session_id: this.watching, watch: false });
      this.watching = session;
      this.emit('agendaWatch', { app_module_id: w.agendaModule, session_id: session, watch: true });
      const list = await this.http('GET questions', `/agenda/${w.agendaModule}/sessions/${session}/questions`);
      if (Array.isArray(list))
        for (const q of (list as Array<{ id: number; user: { id: number } }>).slice(0, 5))
          if (q.user.id !== this.userId) this.remember({ session, id: q.id });
    } else if (r < 0.77) {
      await this.http('POST question', `/agenda/${w.agendaModule}/sessions/${session}/questions`, {
        method: 'POST',
        json: { text: `How does this scale past ${100 + this.index} attendees? (${this.n})` },
      });
    } else if (r < 0.85) {
      const q = this.questions.length ? pick(this.questions) : undefined;
      if (q) await this.http('POST vote', `/agenda/${w.agendaModule}/sessions/${q.session}/questions/${q.id}/vote`, { method: 'POST' });
      else await this.http('GET agenda', `/agenda/${w.agendaModule}/sessions`);
    } else if (r < 0.93) {
      const event = pick(w.events);
      const on = !this.registered.has(event);
      const answer = await this.http(
        on ? 'POST registration' : 'DELETE registration',
        `/events/${w.eventsModule}/events/${event}/registration`,
        on ? { method: 'POST', json: {} } : { method: 'DELETE' },
      );
      if (answer && typeof answer === 'object' && 'registered' in answer) {
        if (answer.registered) this.registered.add(event);
        else this.registered.delete(event);
      }
    } else if (r < 0.985) {
      const chats = (await this.http('GET messages', `/chats/${w.chatsModule}/chats/${this.chat}/messages?limit=30`)) as
        | Array<{ seq: number }>
        | undefined;
      const last = Array.isArray(chats) ? chats.at(-1)?.seq : undefined;
      if (last) await this.http('POST read', `/chats/${w.chatsModule}/chats/${this.chat}/read`, { method: 'POST', json: { seq: last } });
    } else {
      // A picture in the chat: upload, then a message naming it.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(w.picture)], { type: 'image/jpeg' }), 'photo.jpg');
      const up = (await this.http('POST upload', `/chats/${w.chatsModule}/uploads`, { method: 'POST', form })) as
        | { id?: number }
        | undefined;
      if (up?.id && this.open) {
        const clientId = `s${this.index}-${this.n++}p`;
        w.rec.sent.set(clientId, {
          clientId,
          chat: this.chat,
          sender: this.index,
          firstAt: w.rec.now(),
          attempts: 0,
          refused: [],
          attachments: [up.id],
        });
        this.send(clientId);
      }
    }
  }

  /** One HTTP call through the proxy, recorded; answers the parsed JSON of a 2xx, else undefined. */
  async http(route: string, url: string, opts: { method?: string; json?: unknown; form?: FormData } = {}): Promise<unknown> {
    const rec = this.w.rec;
    const at = rec.now();
    const t = performance.now();
    const headers: Record<string, string> = { 'app-key': this.w.appKey, 'access-token': this.token, 'accept-language': 'en' };
    let body: string | FormData | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) body = opts.form;
    try {
      const res = await fetch(`${this.w.proxy}${url}`, {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      const text = await res.text();
      rec.calls.push({ at, route, status: res.status, ms: performance.now() - t });
      if (!res.ok) return undefined;
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      // No answer: a timeout (a hang) or a connection the proxy dropped.
      rec.calls.push({ at, route, status: 0, ms: performance.now() - t });
      return undefined;
    }
  }
}
