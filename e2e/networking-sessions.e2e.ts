import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { useSession } from './lib/shell.ts';

// Speed networking: the owner plans a session (through the API), two new members join on their
// phones ("I'm in"), the owner starts it, both see the banner, get paired and see the SAME picture
// and number; one says "Ready" and the other sees it. Writes: two new members and one speed session
// of the demo app, cancelled at the end (the banner shows in the demo app for those seconds).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const json = { 'app-key': 'demo' };
async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { ...json, ...(token ? { 'access-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function member(first: string): Promise<{ page: Page; errors: string[] }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { token, userId } = await newConfirmedUser(`speed.${stamp}@demo.test`);
  await call('PUT', '/user/profile', token, { first_name: first, last_name: `Speed${stamp}`, job_title: 'Designer', company: 'Fjord' });
  const { page, errors } = await openPage(browser, PHONE);
  await useSession(page, token, userId);
  return { page, errors };
}

describe('speed networking', () => {
  it('two members join, get paired and see the same picture and number; the banner shows; Ready reaches the partner', async () => {
    const owner = await call<{ access_token: string }>('POST', '/auth/login', '', { email: 'admin@demo.test', password: 'demo1234!' });
    const token = owner.access_token;
    const menu = await call<{ menu: { type: string; app_module_id: number }[] }>('GET', '/user/app-menu', token);
    const hub = menu.menu.find((m) => m.type === 'networking')?.app_module_id as number;
    // No session of a failed earlier run in the way.
    for (let i = 0; i < 5; i++) {
      const v = await call<{ session: { id: number; state: string; title: string } | null }>(
        'GET',
        `/networking/${hub}/sessions/speed`,
        token,
      );
      if (!v.session?.title.startsWith('Speed round ') || (v.session.state !== 'scheduled' && v.session.state !== 'running')) break;
      await call('POST', `/networking/${hub}/sessions/${v.session.id}/cancel`, token);
    }
    const title = `Speed round ${Date.now()}`;
    const s = await call<{ id: number }>('POST', `/networking/${hub}/sessions`, token, {
      title,
      starts_at: Math.floor(Date.now() / 1000) + 3600,
      rounds: 1,
      round_minutes: 5,
      mode: 'speed',
      topics: ['What brought you here?'],
    });
    try {
      const a = await member('Ada');
      const b = await member('Bo');
      for (const m of [a, b]) {
        await m.page.goto(`/networking/${hub}/speed-networking`);
        await m.page.getByRole('heading', { name: title }).waitFor();
        await m.page.getByText('How it works').waitFor();
        await m.page.getByRole('button', { name: "I'm in" }).click();
        await m.page.getByRole('heading', { name: 'Matching…' }).waitFor();
      }
      await call('POST', `/networking/${hub}/sessions/${s.id}/start`, token);
      const seen: { symbol: string | null; number: string | null }[] = [];
      for (const m of [a, b]) {
        await m.page.getByRole('heading', { name: 'Speaking now' }).waitFor();
        await m.page.getByRole('link', { name: 'Speed Networking Activated' }).waitFor();
        await m.page.getByText('What brought you here?').waitFor();
        seen.push({
          symbol: await m.page.locator('.session-match [data-symbol]').getAttribute('data-symbol'),
          number: await m.page.locator('.session-number').getAttribute('data-number'),
        });
      }
      expect(seen[0]?.symbol).not.toBeNull();
      expect(seen[0]).toEqual(seen[1]);
      // Ada is ready; Bo sees it on Ada's card.
      await a.page.getByRole('button', { name: 'Ready', exact: true }).click();
      await a.page.getByText("You're ready").waitFor();
      await b.page.locator('.session-partner-ready').waitFor();
      // A page opened while the session runs paints with the banner already there (the page carried
      // the session's state): nothing pushes the first screen down once it is shown.
      await b.page.addInitScript(() => {
        new MutationObserver((_, seen) => {
          if (!document.querySelector('.shell-page > *')) return;
          (window as { bannerAtFirstScreen?: boolean }).bannerAtFirstScreen = Boolean(document.querySelector('.networking-banner'));
          seen.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await b.page.reload();
      await b.page.getByRole('heading', { name: 'Speaking now' }).waitFor();
      expect(await b.page.evaluate(() => (window as { bannerAtFirstScreen?: boolean }).bannerAtFirstScreen)).toBe(true);
      // Nothing wider than the phone, and no serious accessibility violation.
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(b.page)).toEqual([]);
      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await call('POST', `/networking/${hub}/sessions/${s.id}/cancel`, token).catch(() => {});
    }
  }, 60_000);
});
