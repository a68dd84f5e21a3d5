// npm run bench: load-tests the hot API calls of the real server (PGlite, demo seed) and measures the
// JavaScript the login page loads. It reports figures against the targets and exits 0 even when a
// target is missed (it is a measurement, not a test). Loopback only; every step is bounded in time.
//
//   BENCH_DURATION     seconds per endpoint (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 50)
//   BENCH_WARMUP       seconds of warm-up per endpoint (default 2)
//   BENCH_ONLY         only the scenarios whose name contains this text (case-insensitive)
//   BENCH_PAIRS        alternated app/bare runs of each scenario with a bare-Fastify target (default 3)
//   BENCH_BARE_BYTES   1: the bare server sends the bodies as bytes encoded once, not as strings
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { MODULES } from '../apps/server/src/modules/index.ts';
import type { BenchScenario, LoadReport } from '../apps/server/src/platform/module.ts';
import { DiskStorage } from '../apps/server/src/platform/storage/disk.ts';
import {
  APP_KEY,
  consoleLogin,
  ensureWebBuild,
  envNumber,
  errorText,
  freePort,
  login,
  newDataDir,
  root,
  type Server,
  startServer,
  stopServer,
  waitForHealth,
  within,
} from './lib-server.ts';

const RESULTS_FILE = path.join(root, 'bench-results.json');

const DURATION = envNumber('BENCH_DURATION', 10);
const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 50));
const WARMUP = envNumber('BENCH_WARMUP', 2);
const PAIRS = Math.round(envNumber('BENCH_PAIRS', 3));
const KB = 1000;
const JS_TARGET_BYTES = 150 * KB;
const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type EndpointSpec = BenchScenario;

/** Every module's scenarios (`bench` in its manifest), in module order. */
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const SCENARIOS: EndpointSpec[] = MODULES.flatMap((m) => m.bench ?? []).filter((s) => !ONLY || s.name.toLowerCase().includes(ONLY));
/** Every module's load run (`loadTest`), after the HTTP scenarios; BENCH_ONLY matches "<module> load". */
const LOAD_TESTS = MODULES.flatMap((m) =>
  m.loadTest && (!ONLY || `${m.name} load`.includes(ONLY)) ? [{ module: m.name, run: m.loadTest }] : [],
);

/**
 * The bench's data folder: the demo seed, then every module's `benchSetup` (its large data, straight
 * into the database), before the server opens it. Answers the setups' `{bench:<key>}` values.
 */
async function prepareData(dataDir: string): Promise<Record<string, string | number>> {
  const database = await openDatabase({ dataDir });
  try {
    await seedDemo(database.db, { storage: new DiskStorage(dataDir) });
    const vars: Record<string, string | number> = {};
    for (const m of MODULES) {
      if (!m.benchSetup) continue;
      const t = Date.now();
      Object.assign(vars, await m.benchSetup(database.db));
      console.log(`  bench data of ${m.name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    return vars;
  } finally {
    await database.close();
  }
}

/**
 * The scenarios with `{module:<type>}` replaced by the demo app's module ids (from the signed-in
 * menu) and `{bench:<key>}` by the setups' values.
 */
async function resolveScenarios(base: string, token: string, vars: Record<string, string | number>): Promise<EndpointSpec[]> {
  const res = await fetch(`${base}/user/app-menu`, { headers: { 'access-token': token }, signal: AbortSignal.timeout(10_000) });
  const menu = (await res.json()) as { menu: Array<{ type: string; app_module_id: number }> };
  const benchVar = (s: EndpointSpec, text: string) =>
    text.replace(/\{bench:([A-Za-z0-9_]+)\}/g, (_m, key: string) => {
      const value = vars[key];
      if (value === undefined) throw new Error(`bench ${s.name}: no bench setup answered ${key}`);
      return String(value);
    });
  return SCENARIOS.map((s) => ({
    ...s,
    path: benchVar(
      s,
      s.path.replace(/\{module:([a-z]+)\}/g, (_m, type: string) => {
        const found = menu.menu.find((m) => m.type === type);
        if (!found) throw new Error(`bench ${s.name}: the demo app has no ${type} module`);
        return String(found.app_module_id);
      }),
    ),
    ...(s.token === undefined ? {} : { token: benchVar(s, s.token) }),
  }));
}

/** Headers and fetch/autocannon options of a scenario's request. */
function requestOf(spec: EndpointSpec, token: string): { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> =
    spec.auth === 'app-key' ? { 'app-key': APP_KEY } : { 'access-token': spec.auth === 'console' ? consoleToken : (spec.token ?? token) };
  const method = spec.method ?? 'GET';
  if (spec.body === undefined) return { method, headers };
  return { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(spec.body) };
}

let ENDPOINTS: EndpointSpec[] = SCENARIOS;
/** The demo operator's console token, for the console's scenarios (`auth: 'console'`). */
let consoleToken = '';

interface EndpointResult {
  name: string;
  url: string;
  connections: number;
  durationS: number;
  requests: number;
  reqPerSecAvg: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  latencyMaxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  peakRssMb: number;
  /** Server CPU time (all threads) per answered request; robust against other load on the machine. */
  serverCpuMsPerReq: number | null;
  /** The same load on a bare Fastify answering the same body and headers (scripts/bench-bare.ts): medians of the runs. */
  bare: { reqPerSecAvg: number; latencyP99Ms: number; cpuMsPerReq: number | null } | null;
  /** The alternated app and bare runs (BENCH_PAIRS for a scenario with a ratio target, else one). */
  pairs: PairResult[];
  /** Median of the pairs' req/s ratios (app ÷ bare). */
  bareRatio: number | null;
  /** Lowest and highest of the pairs' ratios. */
  bareRatioSpread: { min: number; max: number } | null;
  /** bare CPU/req ÷ app CPU/req over all the pairs: the ratio without the load generator's share of the machine. */
  cpuRatio: number | null;
  target: {
    minReqPerSec: number;
    maxP99Ms: number | null;
    /** `maxP99Vs` resolved against the other scenario's measured p99. */
    maxP99Vs: { of: string; factor: number; limitMs: number | null } | null;
    minBareRatio: number;
  };
  pass: boolean;
  notes: string[];
}

interface PairResult {
  first: 'app' | 'bare';
  appReqPerSec: number;
  bareReqPerSec: number;
  ratio: number;
  appCpuMsPerReq: number | null;
  bareCpuMsPerReq: number | null;
}

interface AssetFile {
  url: string;
  bytes: number;
  gzipBytes: number;
  servedEncoding: string | null;
}

interface BundleResult {
  page: string;
  networkIdle: boolean;
  js: { files: AssetFile[]; bytes: number; gzipBytes: number };
  css: { files: AssetFile[]; bytes: number; gzipBytes: number };
  target: { maxJsGzipBytes: number };
  pass: boolean;
  notes: string[];
}

interface BenchResults {
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    totalMemMb: number;
    node: string;
    platform: string;
    /** 1-minute load average before and after the load runs: other work on the machine skews the figures. */
    loadAvgBefore: number;
    loadAvgAfter: number;
    /** The load average at start was above the core count: the ratios are not to be trusted. */
    ratiosUnreliable: boolean;
  };
  settings: { durationS: number; connections: number; warmupS: number; pairs: number; database: 'pglite' };
  /** dataPrepMs: the demo seed and the modules' bench data, before the server starts. */
  server: { dataPrepMs: number; startupMs: number; rssAfterStartMb: number; peakRssMb: number; vmHwmMb: number | null };
  endpoints: EndpointResult[];
  /** Modules' load runs beyond single HTTP calls (chats over sockets). */
  loads: Array<LoadReport | { name: string; error: string; pass: false }>;
  bundle: BundleResult | { error: string };
  allPass: boolean;
}

// ---------------------------------------------------------------------------------------------
// helpers

const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n: number) => (n < 10 ? n.toFixed(1) : fmtInt(n));
const fmtKb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** CPU ms per request as µs. */
const fmtUs = (ms: number | null) => (ms === null ? 'n/a' : `${(ms * 1000).toFixed(1)} µs`);

/** Resident set size of a process in MB, from /proc (Linux); undefined when unavailable. */
function readProcStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = status.match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm'));
    return m?.[1] ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const CLK_TCK = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(r.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** CPU time (user + system, all threads) a process has used, in ms; undefined when unavailable. */
function readCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLK_TCK : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the child's RSS every `everyMs` until stopped; returns the peak. */
function sampleRss(pid: number, everyMs = 200) {
  let peak = readProcStatusMb(pid, 'VmRSS') ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, readProcStatusMb(pid, 'VmRSS') ?? 0);
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, readProcStatusMb(pid, 'VmRSS') ?? 0);
      return peak;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// load

interface BareAnswer {
  method: string;
  path: string;
  /** The access token the scenario sends (scenarios of one path may answer for different members). */
  token: string;
  body: string;
  headers: Record<string, string>;
}

/** Headers a server sets per connection or per answer; the bare server sets its own. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * One request sent as autocannon sends it: only the scenario's headers (fetch would add
 * `accept-encoding`, and the answer would be compressed where the load's answers are not).
 */
function rawRequest(url: string, req: ReturnType<typeof requestOf>): Promise<{ headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method: req.method, headers: req.headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    r.on('timeout', () => r.destroy(new Error(`${url} did not answer`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** The real server's answer to each endpoint (body and headers as the load gets them), for the bare server to repeat. */
async function probeAnswers(server: Server, token: string): Promise<BareAnswer[]> {
  const answers: BareAnswer[] = [];
  for (const spec of ENDPOINTS) {
    const req = requestOf(spec, token);
    const res = await rawRequest(`${server.base}${spec.path}`, req);
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    answers.push({ method: req.method, path: spec.path, token: req.headers['access-token'] ?? '', body: res.body, headers: kept });
  }
  return answers;
}

interface BareServer {
  child: ChildProcess;
  pid: number;
  base: string;
  file: string;
}

/** Starts scripts/bench-bare.ts with those answers; the caller stops it. */
async function startBare(answers: BareAnswer[]): Promise<BareServer> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-bare.ts', String(port), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the bare server exited');
    const ok = await fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the bare server did not start');
    await sleep(100);
  }
  if (child.pid === undefined) throw new Error('the bare server has no pid');
  return { child, pid: child.pid, base, file };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

interface Run {
  r: autocannon.Result;
  answered: number;
  /** CPU time the server process used during the run, in ms. */
  cpuMs: number | undefined;
}

/** One measured load run against `url`, with the CPU time process `pid` used meanwhile. */
async function measuredRun(what: string, url: string, req: ReturnType<typeof requestOf>, pid: number): Promise<Run> {
  const cpuBefore = readCpuMs(pid);
  const r = await within(
    (DURATION + 60) * 1000,
    what,
    autocannon({ url, ...req, connections: CONNECTIONS, duration: DURATION, timeout: 10 }),
  );
  const cpuAfter = readCpuMs(pid);
  return { r, answered: r['2xx'] + r.non2xx, cpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined };
}

/** CPU ms per answered request over some runs; null when the CPU time was not readable. */
function cpuPerRequest(runs: Run[]): number | null {
  const answered = runs.reduce((n, r) => n + r.answered, 0);
  if (answered === 0 || runs.some((r) => r.cpuMs === undefined)) return null;
  return runs.reduce((n, r) => n + (r.cpuMs ?? 0), 0) / answered;
}

async function benchEndpoint(server: Server, spec: EndpointSpec, token: string, bare: BareServer | undefined): Promise<EndpointResult> {
  const url = `${server.base}${spec.path}`;
  const req = requestOf(spec, token);
  const notes: string[] = [];

  // One request first, so a broken endpoint is reported with its answer, not only as a count of non-2xx.
  const probe = await fetch(url, { ...req, signal: AbortSignal.timeout(10_000) });
  if (!probe.ok) notes.push(`probe answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);

  const warmUp = (target: string, what: string) =>
    within((WARMUP + 30) * 1000, what, autocannon({ url: target, ...req, connections: CONNECTIONS, duration: WARMUP, timeout: 10 }));
  const warm = await warmUp(url, `warm-up of ${spec.name}`);
  if (warm.non2xx > 0 || warm.errors > 0) notes.push(`warm-up: ${warm.non2xx} non-2xx, ${warm.errors} errors`);
  const bareUrl = bare ? `${bare.base}${spec.path}` : undefined;
  if (bareUrl) await warmUp(bareUrl, `bare warm-up of ${spec.name}`);

  // App and bare runs alternate, and which goes first alternates too, so a change of the machine's
  // load during the scenario falls on both sides; a scenario with a ratio target gets BENCH_PAIRS pairs.
  const pairCount = bare ? (spec.minBareRatio > 0 ? PAIRS : 1) : 0;
  const appRuns: Run[] = [];
  const bareRuns: Run[] = [];
  const pairs: PairResult[] = [];
  const rss = sampleRss(server.pid);
  try {
    const appRun = () => measuredRun(`load run of ${spec.name}`, url, req, server.pid);
    if (!bare || !bareUrl) appRuns.push(await appRun());
    else {
      const bareRun = () => measuredRun(`bare load run of ${spec.name}`, bareUrl, req, bare.pid);
      for (let i = 0; i < pairCount; i++) {
        const first = i % 2 === 0 ? 'app' : 'bare';
        let a: Run;
        let b: Run;
        if (first === 'app') {
          a = await appRun();
          b = await bareRun();
        } else {
          b = await bareRun();
          a = await appRun();
        }
        appRuns.push(a);
        bareRuns.push(b);
        const pair: PairResult = {
          first,
          appReqPerSec: round(a.r.requests.average),
          bareReqPerSec: round(b.r.requests.average),
          ratio: b.r.requests.average > 0 ? round(a.r.requests.average / b.r.requests.average, 3) : 0,
          appCpuMsPerReq: cpuPerRequest([a]) === null ? null : round(cpuPerRequest([a]) as number, 4),
          bareCpuMsPerReq: cpuPerRequest([b]) === null ? null : round(cpuPerRequest([b]) as number, 4),
        };
        pairs.push(pair);
        console.log(
          `  pair ${i + 1}/${pairCount} (${first} first): app ${fmtInt(pair.appReqPerSec)} req/s, bare ${fmtInt(pair.bareReqPerSec)} req/s, ` +
            `ratio ${Math.round(pair.ratio * 100)} %, CPU/req app ${fmtUs(pair.appCpuMsPerReq)} bare ${fmtUs(pair.bareCpuMsPerReq)}`,
        );
      }
    }
  } finally {
    rss.stop();
  }
  const peakRssMb = rss.stop();

  const statusCodes: Record<string, number> = {};
  for (const { r } of appRuns)
    for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = (statusCodes[code] ?? 0) + Number(s.count);
  const sum = (f: (r: autocannon.Result) => number) => appRuns.reduce((n, run) => n + f(run.r), 0);
  const non2xx = sum((r) => r.non2xx);
  const errors = sum((r) => r.errors);
  const timeouts = sum((r) => r.timeouts);
  if (non2xx > 0) notes.push(`${non2xx} non-2xx responses (${JSON.stringify(statusCodes)})`);
  if (errors > 0) notes.push(`${errors} connection errors (${timeouts} timeouts)`);

  const appRps = median(appRuns.map(({ r }) => r.requests.average));
  const p99 = median(appRuns.map(({ r }) => r.latency.p99));
  const serverCpuMsPerReq = cpuPerRequest(appRuns);
  const bareCpuMsPerReq = cpuPerRequest(bareRuns);
  const bareResult: EndpointResult['bare'] =
    bareRuns.length > 0
      ? {
          reqPerSecAvg: round(median(bareRuns.map(({ r }) => r.requests.average))),
          latencyP99Ms: median(bareRuns.map(({ r }) => r.latency.p99)),
          cpuMsPerReq: bareCpuMsPerReq === null ? null : round(bareCpuMsPerReq, 4),
        }
      : null;
  const ratios = pairs.map((p) => p.ratio);
  const bareRatio = ratios.length > 0 ? round(median(ratios), 2) : null;
  const cpuRatio = serverCpuMsPerReq && bareCpuMsPerReq !== null ? round(bareCpuMsPerReq / serverCpuMsPerReq, 2) : null;

  const rpsOk = appRps >= spec.minRps;
  const p99Ok = spec.maxP99Ms === undefined || p99 <= spec.maxP99Ms;
  const ratioOk = bareRatio === null || bareRatio >= spec.minBareRatio;
  return {
    name: spec.name,
    url,
    connections: CONNECTIONS,
    durationS: round(
      sum((r) => r.duration),
      2,
    ),
    requests: appRuns.reduce((n, r) => n + r.answered, 0),
    reqPerSecAvg: round(appRps),
    latencyP50Ms: median(appRuns.map(({ r }) => r.latency.p50)),
    latencyP99Ms: p99,
    latencyAvgMs: round(median(appRuns.map(({ r }) => r.latency.average)), 2),
    latencyMaxMs: Math.max(...appRuns.map(({ r }) => r.latency.max)),
    non2xx,
    errors,
    timeouts,
    statusCodes,
    peakRssMb: round(peakRssMb, 1),
    serverCpuMsPerReq: serverCpuMsPerReq === null ? null : round(serverCpuMsPerReq, 4),
    bare: bareResult,
    pairs,
    bareRatio,
    bareRatioSpread: ratios.length > 0 ? { min: round(Math.min(...ratios), 2), max: round(Math.max(...ratios), 2) } : null,
    cpuRatio,
    target: {
      minReqPerSec: spec.minRps,
      maxP99Ms: spec.maxP99Ms ?? null,
      maxP99Vs: spec.maxP99Vs ? { ...spec.maxP99Vs, limitMs: null } : null,
      minBareRatio: spec.minBareRatio,
    },
    pass: rpsOk && p99Ok && ratioOk && non2xx === 0 && errors === 0,
    notes,
  };
}

/** Checks `maxP99Vs` once every scenario ran: the limit is the factor times the other's p99. */
function compareP99s(results: EndpointResult[]): void {
  for (const r of results) {
    const vs = r.target.maxP99Vs;
    if (!vs) continue;
    const other = results.find((o) => o.name === vs.of);
    if (!other) {
      r.pass = false;
      r.notes.push(`no scenario named "${vs.of}" to compare the p99 with`);
      continue;
    }
    vs.limitMs = round(other.latencyP99Ms * vs.factor, 1);
    if (r.latencyP99Ms > vs.limitMs) r.pass = false;
  }
}

// ---------------------------------------------------------------------------------------------
// login page JavaScript

async function measureAsset(url: string, servedEncoding: string | null): Promise<AssetFile> {
  // Fetch the body ourselves (identity encoding) and gzip it at the default level, so the figure
  // does not depend on whether the server compresses.
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { url, bytes: body.length, gzipBytes: gzipSync(body).length, servedEncoding };
}

async function measureLoginPage(base: string): Promise<BundleResult> {
  const notes: string[] = [];
  const browser = await within(60_000, 'chromium launch', chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_ARGS }));
  try {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const origin = new URL(base).origin;
    const seen = new Map<string, { type: 'script' | 'stylesheet'; encoding: string | null }>();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      if (new URL(res.url()).origin !== origin) {
        notes.push(`cross-origin ${type} ignored: ${res.url()}`);
        return;
      }
      if (!seen.has(res.url())) seen.set(res.url(), { type, encoding: res.headers()['content-encoding'] ?? null });
    });
    page.on('pageerror', (e) => notes.push(`page error: ${e.message}`));
    const url = `${base}/login`;
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    let networkIdle = true;
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {
      networkIdle = false;
      notes.push('network did not become idle within 30 s; measured what had loaded');
    });
    await context.close();

    const js: AssetFile[] = [];
    const css: AssetFile[] = [];
    for (const [assetUrl, { type, encoding }] of seen) {
      const file = await measureAsset(assetUrl, encoding);
      (type === 'script' ? js : css).push(file);
    }
    const sum = (files: AssetFile[]) => ({
      files,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    });
    const jsSum = sum(js);
    if (js.length === 0) notes.push('no script responses seen');
    return {
      page: url,
      networkIdle,
      js: jsSum,
      css: sum(css),
      target: { maxJsGzipBytes: JS_TARGET_BYTES },
      pass: js.length > 0 && jsSum.gzipBytes <= JS_TARGET_BYTES,
      notes,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// report

function renderReport(res: BenchResults): string {
  const status = (pass: boolean) => (pass ? 'PASS' : 'MISS');
  const lines: string[] = [];
  const unreliable = res.machine.ratiosUnreliable ? ' (unreliable)' : '';
  lines.push(
    `## Benchmark (${res.settings.connections} connections, ${res.settings.durationS} s per run, ${res.settings.pairs} app/bare pairs ` +
      `for a ratio target, ${res.machine.cpus} CPU, Node ${res.machine.node}, PGlite, load average ${res.machine.loadAvgBefore.toFixed(2)} ` +
      `at start / ${res.machine.loadAvgAfter.toFixed(2)} after)`,
    '',
    '| Endpoint | req/s (median) | bare Fastify, same body and headers | ratio (median) | ratio min–max (pairs) | CPU ratio (bare ÷ app per request) | p50 | p99 | non-2xx | errors | server CPU/req | bare CPU/req | peak RSS | Target | Status |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  );
  for (const e of res.endpoints) {
    const target =
      `≥ ${fmtInt(e.target.minReqPerSec)} req/s${e.target.maxP99Ms !== null ? `, p99 ≤ ${e.target.maxP99Ms} ms` : ''}` +
      (e.target.maxP99Vs ? `, p99 ≤ ${e.target.maxP99Vs.factor}× ${e.target.maxP99Vs.of} (${e.target.maxP99Vs.limitMs ?? '?'} ms)` : '') +
      `, ratio ≥ ${e.target.minBareRatio.toFixed(2)}`;
    const pct = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 100)} %`);
    const spread = e.bareRatioSpread ? `${pct(e.bareRatioSpread.min)}–${pct(e.bareRatioSpread.max)} (${e.pairs.length})` : 'n/a';
    lines.push(
      `| ${e.name} | ${fmtInt(e.reqPerSecAvg)} | ${e.bare ? fmtInt(e.bare.reqPerSecAvg) : 'n/a'} | ${pct(e.bareRatio)}${e.bareRatio === null ? '' : unreliable} | ` +
        `${spread} | ${pct(e.cpuRatio)} | ${fmtMs(e.latencyP50Ms)} ms | ${fmtMs(e.latencyP99Ms)} ms | ${e.non2xx} | ${e.errors} | ` +
        `${fmtUs(e.serverCpuMsPerReq)} | ${fmtUs(e.bare?.cpuMsPerReq ?? null)} | ${e.peakRssMb.toFixed(0)} MB | ${target} | ${status(e.pass)} |`,
    );
  }
  if (res.machine.ratiosUnreliable) {
    lines.push(
      '',
      `Unreliable: the load average at start (${res.machine.loadAvgBefore.toFixed(2)}) was above the ${res.machine.cpus} cores; ` +
        'the ratios are marked, the CPU ratios are the better guide.',
    );
  } else if (res.machine.loadAvgBefore > 0.5 * res.machine.cpus || res.machine.loadAvgAfter > 1.5 * res.machine.cpus) {
    lines.push('', 'Warning: other work was running on the machine (see load average); req/s and latency are understated.');
  }
  lines.push('');
  const b = res.bundle;
  if ('error' in b) {
    lines.push(`Login page JavaScript: not measured (${b.error}) | MISS`);
  } else {
    lines.push(
      '| Login page (`/login`, empty storage) | files | raw | gzip (level 6) | Target | Status |',
      '|---|---:|---:|---:|---|---|',
      `| JavaScript | ${b.js.files.length} | ${fmtKb(b.js.bytes)} | ${fmtKb(b.js.gzipBytes)} | ≤ ${fmtKb(b.target.maxJsGzipBytes)} | ${status(b.pass)} |`,
      `| CSS | ${b.css.files.length} | ${fmtKb(b.css.bytes)} | ${fmtKb(b.css.gzipBytes)} | — | — |`,
    );
    const served = new Set([...b.js.files, ...b.css.files].map((f) => f.servedEncoding ?? 'none'));
    lines.push(
      '',
      `Files: ${[...b.js.files, ...b.css.files].map((f) => `${new URL(f.url).pathname} (${fmtKb(f.gzipBytes)} gz)`).join(', ')}`,
    );
    lines.push(`Served content-encoding to the browser: ${[...served].join(', ')}. 1 KB = ${KB} bytes.`);
  }
  lines.push(
    '',
    `Server: data prepared in ${(res.server.dataPrepMs / 1000).toFixed(1)} s, started in ${(res.server.startupMs / 1000).toFixed(1)} s, RSS after start ${res.server.rssAfterStartMb.toFixed(0)} MB, ` +
      `peak sampled RSS ${res.server.peakRssMb.toFixed(0)} MB` +
      (res.server.vmHwmMb !== null ? `, VmHWM ${res.server.vmHwmMb.toFixed(0)} MB` : '') +
      '.',
  );
  const notes = [...res.endpoints.flatMap((e) => e.notes.map((n) => `${e.name}: ${n}`)), ...('error' in b ? [] : b.notes)];
  if (notes.length) lines.push('', 'Notes:', ...notes.map((n) => `- ${n}`));
  for (const l of res.loads) {
    lines.push('', `### ${l.name}`, '');
    if ('error' in l) {
      lines.push(`Failed: ${l.error}`);
      continue;
    }
    lines.push(`| ${l.columns.join(' | ')} |`, `|${l.columns.map(() => '---:').join('|')}|`, ...l.rows.map((r) => `| ${r.join(' | ')} |`));
    lines.push('', `Target: ${l.target}. Status: ${status(l.pass)}`);
  }
  lines.push('', `Overall: ${res.allPass ? 'all targets met' : 'some targets missed'}. Results written to bench-results.json.`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// main

async function main(): Promise<void> {
  ensureWebBuild();
  const loadAvgBefore = os.loadavg()[0] ?? 0;
  const cpus = os.cpus().length;
  console.log(
    `Load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} (1/5/15 min) on ${cpus} cores` +
      (loadAvgBefore > cpus ? ': above the core count, the ratios will be marked unreliable.' : '.'),
  );
  console.log(`Preparing the data (PGlite, fresh DATA_DIR, demo seed, modules' bench data)...`);
  const dataDir = newDataDir();
  const tPrep = Date.now();
  let vars: Record<string, string | number>;
  try {
    vars = await within(300_000, 'bench data', prepareData(dataDir));
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const dataPrepMs = Date.now() - tPrep;
  console.log('Starting the server...');
  const t0 = Date.now();
  // Every scenario signs in as one member: the per-member write limit would refuse a write load.
  const server = await startServer(process.env.BENCH_LOG_LEVEL ?? 'info', { dataDir, env: { WRITE_RATE_LIMIT: '1000000000' } });
  // Whatever happens, the child must not outlive the benchmark.
  const killChild = () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  };
  process.once('exit', killChild);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      killChild();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }

  try {
    await waitForHealth(server);
    const startupMs = Date.now() - t0;
    const rssAfterStartMb = readProcStatusMb(server.pid, 'VmRSS') ?? 0;
    console.log(`Server up at ${server.base} in ${(startupMs / 1000).toFixed(1)} s (RSS ${rssAfterStartMb.toFixed(0)} MB).`);
    const token = await login(server.base);
    consoleToken = await consoleLogin(server.base);
    ENDPOINTS = await resolveScenarios(server.base, token, vars);

    const bare = await startBare(await probeAnswers(server, token));
    const endpoints: EndpointResult[] = [];
    try {
      for (const spec of ENDPOINTS) {
        console.log(
          `Load: ${spec.name} (${WARMUP} s warm-up, then ${DURATION} s × ${CONNECTIONS} connections, then the same on bare Fastify)...`,
        );
        const r = await benchEndpoint(server, spec, token, bare);
        console.log(
          `  ${fmtInt(r.reqPerSecAvg)} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, non-2xx ${r.non2xx}; ` +
            `bare ${fmtInt(r.bare?.reqPerSecAvg ?? 0)} req/s, ratio ${r.bareRatio ?? 'n/a'}, CPU ratio ${r.cpuRatio ?? 'n/a'}`,
        );
        endpoints.push(r);
      }
    } finally {
      bare.child.kill('SIGKILL');
      fs.rmSync(bare.file, { force: true });
    }

    compareP99s(endpoints);

    const loads: BenchResults['loads'] = [];
    for (const l of LOAD_TESTS) {
      console.log(`Load run of ${l.module}...`);
      try {
        loads.push(
          await within(
            900_000,
            `${l.module} load run`,
            l.run({ base: server.base, vars, rssMb: () => readProcStatusMb(server.pid, 'VmRSS') ?? 0 }),
          ),
        );
      } catch (err) {
        loads.push({ name: `${l.module} load run`, error: errorText(err), pass: false });
      }
    }
    const loadAvgAfter = os.loadavg()[0] ?? 0;

    console.log('Login page: loading /login in chromium...');
    let bundle: BenchResults['bundle'];
    try {
      bundle = await within(180_000, 'login page measurement', measureLoginPage(server.base));
    } catch (err) {
      bundle = { error: errorText(err) };
    }

    const vmHwm = readProcStatusMb(server.pid, 'VmHWM');
    const results: BenchResults = {
      date: new Date().toISOString(),
      machine: {
        cpus,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        totalMemMb: Math.round(os.totalmem() / 1024 / 1024),
        node: process.versions.node,
        platform: `${os.platform()} ${os.release()}`,
        loadAvgBefore: round(loadAvgBefore, 2),
        loadAvgAfter: round(loadAvgAfter, 2),
        ratiosUnreliable: loadAvgBefore > cpus,
      },
      settings: { durationS: DURATION, connections: CONNECTIONS, warmupS: WARMUP, pairs: PAIRS, database: 'pglite' },
      server: {
        dataPrepMs,
        startupMs,
        rssAfterStartMb: round(rssAfterStartMb, 1),
        peakRssMb: round(Math.max(rssAfterStartMb, ...endpoints.map((e) => e.peakRssMb)), 1),
        vmHwmMb: vmHwm === undefined ? null : round(vmHwm, 1),
      },
      endpoints,
      loads,
      bundle,
      allPass: endpoints.every((e) => e.pass) && loads.every((l) => l.pass) && !('error' in bundle) && bundle.pass,
    };
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\n${renderReport(results)}\n`);
  } finally {
    await stopServer(server);
    process.removeListener('exit', killChild);
  }
}

// A hard ceiling on the whole run: the data, start, the endpoints, the browser, shutdown.
const ceilingMs = (600 + ENDPOINTS.length * (2 * PAIRS * (DURATION + 5) + 2 * WARMUP + 90) + LOAD_TESTS.length * 900 + 300) * 1000;
const watchdog = setTimeout(() => {
  console.error(`bench: gave up after ${ceilingMs / 1000} s`);
  process.exit(1);
}, ceilingMs);
watchdog.unref();

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`bench failed: ${errorText(err)}`);
    process.exit(1);
  },
);
