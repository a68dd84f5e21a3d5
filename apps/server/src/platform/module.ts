import type { ClientToServerEvents } from '@app/contract/realtime';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Ctx, Io } from '../context.ts';
import type { Db } from '../db/client.ts';

/** A connected socket as a module's handlers see it: who it is, and where to answer. */
export interface SocketScope {
  appId: number;
  userId: number;
  locale: string;
  /** Emits to this socket only. */
  emit: Io['emit'];
  /** Joins or leaves a room of this socket (a module's own rooms: check the tenant first). */
  join: (room: string) => void;
  leave: (room: string) => void;
}

/** What an event's acknowledgement answers when its argument is invalid or its handler failed. */
export type AckFailure = { ok: false; status: number; message: string };

/**
 * One client event a module handles: the schema of its argument and what to do. When the client
 * asked for an acknowledgement (a callback as last argument), `ack` answers it; an invalid argument
 * is answered `{ ok: false, status: 422 }` without reaching the handler.
 */
export interface SocketEvent<S extends z.ZodType = z.ZodType> {
  schema: S;
  /**
   * A write's per-member allowance: the perMemberLimit bucket of its HTTP twin, drawn from before
   * `handle` (over it: `{ ok: false, status: 429 }`). Sockets and requests of a member count together.
   */
  budget?: string;
  handle(payload: z.output<S>, ack?: (answer: unknown) => void): void | Promise<void>;
}

export type SocketEvents = { [K in keyof ClientToServerEvents]?: SocketEvent };

/** Demo files a seeder writes: stored (disk or bucket) when its transaction's work is done, before it commits. */
export interface SeedFiles {
  /** Queues a file under its storage key (`uploads/<folder>/<name>` or `files/content/<name>`). */
  write(key: string, data: string | Buffer): void;
}

/** What the demo seeders get: the demo apps by key, and where demo files go. */
export interface SeedContext {
  db: Db;
  /** The demo pictures and files of this server, when files are kept (not in tests that seed rows only). */
  files: SeedFiles | undefined;
  /** Generated attendees per demo app besides the three demo logins. */
  users: number;
}

/**
 * A module's demo content. `run` is called once per server data folder (a row in `demo_seeds`
 * remembers it) in its own transaction, after the seeders of the modules listed before it, so a
 * new module's content reaches an existing `./data` at the next start and nothing is seeded twice.
 */
export interface DemoSeeder {
  run(ctx: SeedContext): Promise<void>;
}

/**
 * A load scenario of `npm run bench`: one call measured against a bare Fastify answering the same
 * body. `{module:<type>}` in the path becomes the demo app's module id of that type, `{bench:<key>}`
 * a value the module's `benchSetup` answered.
 */
export interface BenchScenario {
  name: string;
  path: string;
  /** `console`: the demo operator's console token (scenarios of `/console/api/…`). */
  auth: 'app-key' | 'access-token' | 'console';
  /** With `access-token`: this token (a `{bench:<key>}` a bench setup answered) instead of the demo member's. */
  token?: string;
  /** GET unless told; a POST sends `body` as JSON, every request the same. */
  method?: 'GET' | 'POST';
  body?: unknown;
  minRps: number;
  maxP99Ms?: number;
  /** The p99 at most `factor` times the p99 of the scenario named `of`, measured in the same run. */
  maxP99Vs?: { of: string; factor: number };
  /** Share of a bare Fastify's rate answering the same body, measured in the same run. */
  minBareRatio: number;
}

/**
 * Bench data of a module: run by `npm run bench` on its own data folder after the demo seed and
 * before the server starts (never by the server, never on the demo data of `npm run dev`). Answers
 * the values of the `{bench:<key>}` placeholders of the scenarios' paths.
 */
export type BenchSetup = (db: Db) => Promise<Record<string, string | number>>;

/** What a module's load run reports: a table of figures and whether its targets were met. */
export interface LoadReport {
  name: string;
  columns: string[];
  rows: string[][];
  /** The targets in words, with what was reached. */
  target: string;
  pass: boolean;
}

/**
 * A load run of `npm run bench` that is not one HTTP call (sockets, mixed traffic): it gets the
 * running server (PGlite, demo seed and the module's `benchSetup` data) and reports its figures.
 */
export type LoadTest = (server: { base: string; vars: Record<string, string | number>; rssMb: () => number }) => Promise<LoadReport>;

/**
 * Everything a server module adds to the platform, in one object listed once in
 * `modules/index.ts`. Tables are found by drizzle-kit through the `*.table.ts` glob; caches are
 * created on first use (`defineCache`); nothing else needs registering.
 */
export interface ServerModule {
  /** The folder name; also the demo seed's name. */
  name: string;
  /** Fastify routes (registered in list order; a built module's `/{type}` wins over the generic one). */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Client events, built per connection (a handler may keep per-socket state). */
  socket?: (app: FastifyInstance, socket: SocketScope) => SocketEvents;
  seed?: DemoSeeder;
  /** Its hot calls, measured by `npm run bench`. */
  bench?: BenchScenario[];
  /** Large data its scenarios need, made only for the bench (bulk SQL, seconds). */
  benchSetup?: BenchSetup;
  /** Its load run beyond HTTP calls (`npm run bench`, after the HTTP scenarios). */
  loadTest?: LoadTest;
  /**
   * When it holds uploads of the content kit (`uploads.held = true`): a query answering the ids of
   * the uploads its rows still name, one column (nulls ignored), e.g.
   * sql`select ${t.uploadId} from ${t}`. The sweeper deletes held uploads older than an hour that
   * no module's query answers: their holder went without deleting them (a module or an app removed
   * by a cascade, a crash between two steps).
   */
  holdsUploads?: SQL;
  /**
   * Account deletion, part 1: every column of its tables that holds a member's id (a foreign key to
   * `users.id`, or a name like `user_id`, `*_by`, `author_id`; see `memberColumnsOfSchema`), each
   * with what a deletion does to the member's rows: `erase(...)`, `voidColumn(...)` or
   * `keep(..., why)`. The deletion erases and voids them (after `onAccountErased`); the schema walk
   * of `settings.erasure.test.ts` fails while a member column of the database is declared by no
   * module, or an erased or voided one still names the deleted member.
   */
  memberData?: readonly MemberColumn[];
  /**
   * Account deletion, part 2: what this module does beyond its `memberData` (counts given back,
   * ownership passed on, others told), run inside the deletion's transaction before the declared
   * rows are erased and before the member's row is overwritten. It may answer work to run after
   * the commit (telling other members, dropping caches), which must not throw into the deletion.
   */
  onAccountErased?: (tx: Db, member: ErasedMember) => Promise<AfterErase | undefined>;
  /** What its members can report (flags): the console's moderation queue reads and acts on them. */
  reports?: readonly ReportSource[];
  /**
   * The reads of its pages' first screens: a signed-in navigation to a page matching `page` (the
   * web app's path pattern, `:name` one segment, `*` every page) carries the answers of `reads` (API
   * paths with the page's `:name` params) in the HTML, so the browser renders without asking
   * (docs/decisions.md "First screen with the HTML"). Each read is the very call the page makes.
   */
  firstScreen?: readonly FirstScreenReads[];
}

export interface FirstScreenReads {
  page: string;
  reads: readonly string[];
}

/** The columns of a table of reports that `reportRows` reads. */
export interface ReportColumns {
  table: AnyPgTable;
  target: AnyPgColumn;
  reporter: AnyPgColumn;
  at: AnyPgColumn;
  app: AnyPgColumn;
}

/**
 * A `ReportSource.reports` select: one row per report of the app (`target_id`, `reporter_id`,
 * `created_at`, the names the moderation queue's union reads), narrowed by `where` when given.
 */
export function reportRows(c: ReportColumns, appId: number, where?: SQL): SQL {
  return sql`select ${c.target} as target_id, ${c.reporter} as reporter_id, ${c.at} as created_at from ${c.table} where ${c.app} = ${appId}${where ? sql` and ${where}` : sql``}`;
}

/** A reported target as the moderation queue shows it: plain text, bounded. */
export interface ReportedTarget {
  title: string;
  excerpt: string;
  /** Who wrote it (whom "block the author" blocks); null when no member did (an event, the app). */
  author: { id: number; name: string } | null;
  /** Where it opens in the attendee app (a path of the app), when it has a page. */
  link: string | null;
  moduleId: number | null;
  /** Hidden by a moderator already. */
  hidden: boolean;
}

/**
 * One kind of thing a module's members report, for the console's moderation queue (which names no
 * module's table itself):
 * - `reports(appId)`: a select of `(target_id, reporter_id, created_at)` of the app's reports of this
 *   kind, one row per report (the queue unions every source's and groups them by target);
 * - `describe`: the targets of these ids that still exist, by id;
 * - `remove`: deletes the target the module's own way (counts, files, notices);
 * - `hide`: where the module can hide it (only its author and the app's owners see it then).
 */
export interface ReportSource {
  kind: string;
  reports: (appId: number) => SQL;
  describe: (db: Db, appId: number, ids: number[]) => Promise<Map<number, ReportedTarget>>;
  remove?: (ctx: Ctx, appId: number, id: number) => Promise<void>;
  hide?: (ctx: Ctx, appId: number, id: number) => Promise<void>;
}

/**
 * One column of a module's table that holds a member's id, and what an account deletion does to
 * the deleted member's rows:
 * - `erase`: the rows are deleted (all of them, or those not matching `except`); `byHook`: the
 *   module's `onAccountErased` deletes them itself (counts to give back), the generic step skips it;
 * - `void`: the column is set to null (the row is no one's any more; a nullable column);
 * - `keep`: the rows stay, for the reason given in one line (content others read, shown as
 *   "Deleted user" by the name mapper; rows the module's hook voids or hands on...).
 */
export type MemberColumn =
  | { column: AnyPgColumn; treatment: 'erase'; except?: SQL; byHook?: boolean; why?: string }
  | { column: AnyPgColumn; treatment: 'void'; why?: string }
  | { column: AnyPgColumn; treatment: 'keep'; why: string };

/** The member's rows are deleted (`except`: those matching it stay, e.g. a used deletion link). */
export const erase = (column: AnyPgColumn, opts: { except?: SQL; byHook?: boolean; why?: string } = {}): MemberColumn => ({
  column,
  treatment: 'erase',
  ...opts,
});

/** The column is set to null in the member's rows (the row stays, no one's). */
export const voidColumn = (column: AnyPgColumn, why?: string): MemberColumn => ({ column, treatment: 'void', ...(why ? { why } : {}) });

/** The member's rows stay: `why`, in one line. */
export const keep = (column: AnyPgColumn, why: string): MemberColumn => ({ column, treatment: 'keep', why });

/** The account being erased. */
export interface ErasedMember {
  appId: number;
  userId: number;
}

/** Work after the deletion's commit (notices to others, caches). */
export type AfterErase = (ctx: Ctx) => Promise<void>;

export const defineModule = (m: ServerModule): ServerModule => m;

/** One socket event handler with its schema, typed together. */
export const onEvent = <S extends z.ZodType>(
  schema: S,
  handle: (payload: z.output<S>, ack?: (answer: unknown) => void) => void | Promise<void>,
  opts: { budget?: string } = {},
): SocketEvent => ({ schema, handle, ...opts }) as SocketEvent;
