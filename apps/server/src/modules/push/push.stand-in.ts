import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local stand-in push service for tests and the push bench: HTTPS on loopback (web-push always
 * speaks HTTPS) with a self-signed certificate for 127.0.0.1 (valid 2000–2100), recording every
 * request; `decryptPush` reads a body with the subscriber's keys.
 */
export const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgI0PuIVCjNRccaooU
t6Ma6tdNC/ksmu/8MRVVCgPfnbShRANCAAQJmRl+5XEqyFNQ/I2/c22joaPsFsVy
AtSBWqmeO3CPXrQicl1n9gn3Skn0CBIcdAhEFFx5vHoRsWUG9zz9+J5+
-----END PRIVATE KEY-----
`;
export const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBZjCCAQ2gAwIBAgIBATAKBggqhkjOPQQDAjAUMRIwEAYDVQQDDAkxMjcuMC4w
LjEwIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAwMDBaMBQxEjAQBgNVBAMM
CTEyNy4wLjAuMTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABAmZGX7lcSrIU1D8
jb9zbaOho+wWxXIC1IFaqZ47cI9etCJyXWf2CfdKSfQIEhx0CEQUXHm8ehGxZQb3
PP34nn6jTjBMMBoGA1UdEQQTMBGHBH8AAAGCCWxvY2FsaG9zdDAPBgNVHRMBAf8E
BTADAQH/MB0GA1UdDgQWBBRpL0roMQzPki+bkswkkdH9V8N5HTAKBggqhkjOPQQD
AgNHADBEAiBQ4t8WiVWAAFv2Aj0gY5p+psSaAaEal+dIisjT1GP5ewIgCY31SK85
d6Oqo3aBBuqeqVVfnflqJ/C4h10MyEecPLM=
-----END CERTIFICATE-----
`;

export interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface StandIn {
  origin: string;
  /** Every request, in arrival order (`keep: false`: only counted). */
  received: Received[];
  count: number;
  /** The status it answers (201 by default). */
  answer: number;
  /** Status per path, overriding `answer` (a gone device: 410). */
  answerFor: Map<string, number>;
  onRequest?: (r: Received) => void;
  close(): Promise<void>;
}

export async function startStandIn(opts: { keep?: boolean; port?: number } = {}): Promise<StandIn> {
  const keep = opts.keep ?? true;
  const state: StandIn = {
    origin: '',
    received: [],
    count: 0,
    answer: 201,
    answerFor: new Map(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = https.createServer({ key: TLS_KEY, cert: TLS_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // GET /received/<device>: how many pushes reached /push/<device> (for a browser journey in another process).
      if (req.method === 'GET' && req.url?.startsWith('/received/')) {
        const device = `/push/${req.url.slice('/received/'.length)}`;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ count: state.received.filter((r) => r.url === device).length }));
        return;
      }
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      state.count++;
      if (keep) state.received.push(r);
      state.onRequest?.(r);
      res.statusCode = state.answerFor.get(r.url) ?? state.answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  state.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** Decrypts an aes128gcm web push body (RFC 8188 + RFC 8291) with the subscriber's keys. */
export function decryptPush(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** A subscriber's keys, as a browser makes them: read what the stand-in received with `decryptPush`. */
export function deviceKeys() {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const authSecret = randomBytes(16);
  return { ua, authSecret, publicKey: ua.getPublicKey().toString('base64url'), authToken: authSecret.toString('base64url') };
}

/**
 * A stand-in for a bench run (`npm run bench`): started in the bench process, and the server started
 * after the setups may post to it (SAFE_FETCH_ALLOW) and trusts its certificate (NODE_EXTRA_CA_CERTS).
 */
export async function startBenchStandIn(name: string): Promise<StandIn> {
  const standIn = await startStandIn({ keep: false });
  const certFile = path.join(os.tmpdir(), `${name}-ca-${process.pid}.pem`);
  fs.writeFileSync(certFile, TLS_CERT);
  process.env.NODE_EXTRA_CA_CERTS = certFile;
  process.env.SAFE_FETCH_ALLOW = [process.env.SAFE_FETCH_ALLOW, new URL(standIn.origin).host].filter(Boolean).join(',');
  return standIn;
}
