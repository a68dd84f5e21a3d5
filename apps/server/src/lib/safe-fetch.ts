import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses a server-side fetch must never reach: loopback, private, link-local, metadata, multicast. */
const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(a, p, 'ipv4');
}
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(a, p, 'ipv6');
}

export function isBlockedAddress(ip: string): boolean {
  const v4mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (v4mapped) return blocked.check(v4mapped, 'ipv4');
  return blocked.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');
}

export class FetchRefused extends Error {}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** host:port pairs exempt from the address check (tests on loopback only). */
  allow?: string[];
}

/**
 * GETs a public http(s) URL. Every hop's DNS answer is checked at connect time
 * (no rebinding between check and use), redirects are followed by hand and
 * re-checked, and the body is cut at maxBytes and the whole at timeoutMs.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<{ url: string; contentType: string; body: string }> {
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
    return { url: current.toString(), contentType: res.contentType, body: res.body };
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
  return new Promise<{ status: number; location: string | undefined; contentType: string; body: string }>((resolve, reject) => {
    // A literal IP skips lookup(): check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!exempt && net.isIP(literal) && isBlockedAddress(literal)) return reject(new FetchRefused('blocked address'));
    const mod = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchRefused('timeout'));
    const req = mod.get(
      url,
      { lookup, timeout: remaining, headers: { 'user-agent': 'EventAppPreview/1.0', accept: 'text/html,application/xhtml+xml' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, contentType: '', body: '' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            chunks.push(c.subarray(0, Math.max(0, opts.maxBytes - (size - c.length))));
            res.destroy();
            return;
          }
          chunks.push(c);
        });
        const done = () =>
          resolve({
            status,
            location: undefined,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          });
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
 * True when every address the URL's host resolves to is public (or the
 * host:port is in `allow`, for tests). Used before posting to push endpoints.
 */
export async function isPublicHost(url: URL, allow: string[] = []): Promise<boolean> {
  if (allow.includes(url.host)) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return !isBlockedAddress(host);
  try {
    const list = await dns.promises.lookup(host, { all: true });
    return list.length > 0 && list.every((a) => !isBlockedAddress(a.address));
  } catch {
    return false;
  }
}
