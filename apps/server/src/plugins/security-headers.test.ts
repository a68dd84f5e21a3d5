import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ENTRY_LOADER } from '../lib/entry-gate.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const html = { accept: 'text/html' };
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminOrigins: ['https://admin.example.com'] });
  });
  afterAll(() => t.close());

  it('pages carry a strict Content-Security-Policy and a Permissions-Policy', async () => {
    const res = await t.app.inject({ url: '/login', headers: { ...html, host: 'app.example.com' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    // Our origin, and one inline script by its hash: the entry loader (lib/entry-gate.ts), nothing else inline.
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(ENTRY_LOADER).digest('base64')}'`);
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;[^;]*style-src|script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws://app.example.com wss://app.example.com");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self' https://admin.example.com");
    // Pictures from our origin only (other sites' pictures in posts are our copies): no tracking pixel
    // loads; frames from our origin and the players the editor embeds.
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob:");
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://open.spotify.com",
    );
    expect(res.headers['permissions-policy']).toMatch(/(^|, )camera=\(self\)/);
    expect(res.headers['permissions-policy']).toMatch(/microphone=\(\)/);
    // Served over http here: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the generated icon (SVG) gets the policy too; JSON answers only the basic headers', async () => {
    const icon = await t.app.inject({ url: '/app-icon.svg?app=demo' });
    expect(icon.headers['content-security-policy']).toContain("script-src 'self'");
    const json = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo' } });
    expect(json.headers['content-security-policy']).toBeUndefined();
    expect(json.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a hostile Host header never reaches the policy', async () => {
    const res = await t.app.inject({ url: '/login', headers: { ...html, host: "evil.example; script-src 'unsafe-inline'" } });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(csp.match(/script-src/g)).toHaveLength(1);
  });
});

describe('HSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://app.example.com' });
  });
  afterAll(() => t.close());

  it('is sent on every answer when the public url is https, and insecure requests are upgraded', async () => {
    const res = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const page = await t.app.inject({ url: '/login', headers: html });
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe('contentSecurityPolicy', () => {
  it('lists only the configured admin origins as frame ancestors', () => {
    const csp = contentSecurityPolicy({ host: 'a.example', adminOrigins: [], https: false });
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });
});
