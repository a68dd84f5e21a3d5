import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a server-side request must never reach this address. Only addresses ipaddr.js (a
 * maintained registry of special-purpose ranges) calls plain `unicast` are allowed: loopback,
 * private, link-local, CGNAT, documentation, benchmarking, multicast, 6to4, Teredo, NAT64
 * (64:ff9b::/96 and 64:ff9b:1::/48) and the like are refused. IPv4-mapped addresses are judged
 * by their IPv4 part; the deprecated IPv4-compatible ::/96 (::7f00:1 is 127.0.0.1), which
 * ipaddr.js calls unicast, is refused outright. Anything unparsable is refused.
 */
export function isBlockedAddress(ip: string): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip.replace(/^\[|\]$/g, '').split('%')[0] ?? '');
  } catch {
    return true;
  }
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isBlockedAddress(v6.toIPv4Address().toString());
    if (v6.parts.slice(0, 6).every((part) => part === 0)) return true;
  }
  return addr.range() !== 'unicast';
}

export class FetchRefused extends Error {}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** host:port pairs exempt from the address check (tests on loopback only). */
  allow?: string[];
  /** Request headers added to (or replacing) the defaults: `accept`, a conditional GET's `if-none-match`… */
  headers?: Record<string, string>;
}

export interface SafeFetchResult {
  url: string;
  /** 2xx, or 304 for a conditional GET whose resource did not change (empty body). */
  status: number;
  contentType: string;
  body: string;
  /** The body as received (an image's bytes); `body` is it read as UTF-8. */
  bytes: Buffer;
  /** The body was cut at maxBytes. */
  truncated: boolean;
  etag: string | undefined;
  lastModified: string | undefined;
}

/**
 * GETs a public http(s) URL. Every hop's DNS answer is checked at connect time
 * (no rebinding between check and use), redirects are followed by hand and
 * re-checked, and the body is cut at maxBytes and the whole at timeoutMs.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const deadline = Date.now() + opts.timeoutMs;
  let current = new URL(url);
  for (let hop = 0; hop <= opts.maxRedirects; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new FetchRefused('protocol');
    if (current.username || current.password) throw new FetchRefused('credentials');
    const res = await getOnce(current, opts, deadline);
    if (res.status >= 300 && res.status < 400 && res.location) {
      current = new URL(res.location, current);
      continue;
    }
    if (res.status >= 400) throw new FetchRefused(`status ${res.status}`);
    const { location: _, ...rest } = res;
    return { url: current.toString(), ...rest };
  }
  throw new FetchRefused('too many redirects');
}

function getOnce(url: URL, opts: SafeFetchOptions, deadline: number) {
  const exempt = opts.allow?.includes(url.host) ?? false;
  const lookup: net.LookupFunction = (hostname, options, cb) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isBlockedAddress(a.address));
      if (!exempt && (bad || list.length === 0)) return cb(new FetchRefused('blocked address'), '', 4);
      if ((options as { all?: boolean }).all) return (cb as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      return cb(null, first?.address ?? '', first?.family ?? 4);
    });
  };
  type Answer = Omit<SafeFetchResult, 'url'> & { location: string | undefined };
  return new Promise<Answer>((resolve, reject) => {
    // A literal IP skips lookup(): check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!exempt && net.isIP(literal) && isBlockedAddress(literal)) return reject(new FetchRefused('blocked address'));
    const mod = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefused('timeout'));
    const req = mod.get(
      url,
      {
        lookup,
        timeout: remaining,
        headers: { 'user-agent': 'EventAppPreview/1.0', accept: 'text/html,application/xhtml+xml', ...opts.headers },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const header = (name: string) => (typeof res.headers[name] === 'string' ? (res.headers[name] as string) : undefined);
        const validators = { etag: header('etag'), lastModified: header('last-modified') };
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({
            status,
            location: res.headers.location,
            contentType: '',
            body: '',
            bytes: Buffer.alloc(0),
            truncated: false,
            ...validators,
          });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            chunks.push(c.subarray(0, Math.max(0, opts.maxBytes - (size - c.length))));
            truncated = true;
            res.destroy();
            return;
          }
          chunks.push(c);
        });
        const done = () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status,
            location: undefined,
            contentType: String(res.headers['content-type'] ?? ''),
            body: bytes.toString('utf8'),
            bytes,
            truncated,
            ...validators,
          });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', (e) => reject(e));
      },
    );
    const timer = setTimeout(() => req.destroy(new FetchRefused('timeout')), remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new FetchRefused('timeout')));
    req.on('error', reject);
  });
}

/**
 * The address to connect to for a URL, checked: every address its host resolves to must be public
 * (or the host:port is in `allow`, for tests). The caller connects to exactly this address
 * (`pinnedAgent`), so a second DNS answer cannot send the request elsewhere.
 */
export async function resolvePublic(url: URL, allow: string[] = []): Promise<dns.LookupAddress | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const exempt = allow.includes(url.host);
  if (net.isIP(host)) return exempt || !isBlockedAddress(host) ? { address: host, family: net.isIP(host) } : undefined;
  try {
    const list = await dns.promises.lookup(host, { all: true });
    if (list.length === 0 || (!exempt && list.some((a) => isBlockedAddress(a.address)))) return undefined;
    return list[0];
  } catch {
    return undefined;
  }
}

/**
 * An https agent whose every connection goes to the one address given, whatever the host name.
 * `keepAlive` reuses connections (the push fan-out posts many times to one push service).
 */
export function pinnedAgent(target: dns.LookupAddress, opts: { keepAlive?: boolean; maxSockets?: number } = {}): https.Agent {
  const lookup: net.LookupFunction = (_hostname, options, cb) => {
    if ((options as { all?: boolean }).all) return (cb as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [target]);
    return cb(null, target.address, target.family);
  };
  // The global agent's CA list is kept (tests trust their own certificate through it).
  return new https.Agent({
    lookup,
    ca: https.globalAgent.options.ca,
    keepAlive: opts.keepAlive ?? false,
    ...(opts.maxSockets ? { maxSockets: opts.maxSockets } : {}),
  });
}
