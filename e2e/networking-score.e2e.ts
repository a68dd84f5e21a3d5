import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { useSession } from './lib/shell.ts';

// Points, level and badges: a new member opens the hub home and sees 0 points and their level; they
// shortlist another new member and ask them for a 1:1 (calls from elsewhere, as from another device),
// and the hub home shows the points and the meetmaster badge without a reload. The rating details
// list the sources; the leaderboard shows their rank highlighted. Writes: two new members, a mark
// and a 1:1 request between them (no one else reads them).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const call = async (token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      'app-key': 'demo',
      'access-token': token,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

async function member(first: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { token, userId } = await newConfirmedUser(`score.${stamp}@demo.test`);
  await call(token, 'PUT', '/user/profile', { first_name: first, last_name: `Scorer${stamp}`, job_title: 'Community lead' });
  return { token, userId };
}

describe('networking score', () => {
  it('the hub home shows my points, level and badges, and follows a shortlist and a 1:1 request live; rating details and leaderboard', async () => {
    const me = await member('Kim');
    const other = await member('Lou');
    const menu = (await call(me.token, 'GET', '/user/app-menu')) as { menu: Array<{ type: string; app_module_id: number }> };
    const hub = menu.menu.find((m) => m.type === 'networking')?.app_module_id;
    if (!hub) throw new Error('no networking module');

    const { page, errors } = await openPage(browser, PHONE);
    await useSession(page, me.token, me.userId);
    await page.goto(`/networking/${hub}`);
    await page.getByRole('heading', { name: 'Welcome to the networking hub' }).waitFor();
    const points = page.getByTestId('hub-points');
    await expect.poll(() => points.textContent()).toBe('0');
    // Complete profile but no photo: Passive at best.
    await page
      .getByTestId('hub-level')
      .getByText(/^Level [12]: (Inactive|Passive)$/)
      .waitFor();
    const meetmaster = page.getByTestId('hub-badges').getByRole('img', { name: 'Meetmaster (not earned yet)' });
    await meetmaster.waitFor();
    // Every place of the hub is one tap away.
    for (const name of ['All Networkers', 'New Networkers', 'Shortlisted', 'Leaderboard', 'My QR badge', 'Scan a badge', 'My 1:1 meets'])
      await page.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Shortlist someone (from another device): +100, live.
    await call(me.token, 'POST', `/networking/${hub}/networkers/${other.userId}/like`);
    await expect.poll(() => points.textContent(), { timeout: 10_000 }).toBe('100');
    // A 1:1 request: +100 and the meetmaster badge, live.
    const day = Math.floor(Date.now() / 1000) + (100 + Math.floor(Math.random() * 300)) * 86_400;
    await call(me.token, 'POST', '/meet', {
      user_id: other.userId,
      duration: 15,
      time_start: day - (day % 900),
      location: 'Lounge',
      title: 'Coffee?',
      timezone_name: 'Europe/Berlin',
    });
    await expect.poll(() => points.textContent(), { timeout: 10_000 }).toBe('200');
    await page.getByTestId('hub-badges').getByRole('img', { name: 'Meetmaster badge', exact: true }).waitFor();

    // Rating details: the sources and the badge, dated.
    await page.getByRole('link', { name: 'See how your points add up' }).click();
    await page.getByRole('heading', { name: 'Rating details', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Send a 1:1 request 1 100/ }).waitFor();
    await page.getByRole('row', { name: /Like or shortlist a user 1 100/ }).waitFor();
    expect(await page.getByTestId('badge-meetmaster').getAttribute('data-held')).toBe('true');
    expect(await page.getByTestId('badge-connector').getAttribute('data-held')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);

    // The leaderboard, at desktop width: my place is said and my row highlighted.
    const wide = await openPage(browser, DESKTOP);
    await wide.page.goto('/healthz');
    await wide.page.evaluate((t) => localStorage.setItem('demo:access_token', t), me.token);
    await wide.page.evaluate((u) => localStorage.setItem('demo:user_id', u), String(me.userId));
    await wide.page.goto(`/networking/${hub}/leaderboard`);
    await wide.page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    await wide.page
      .getByTestId('board-me')
      .getByText(/^You are number \d+ of \d+$/)
      .waitFor();
    await wide.page.locator('.board-row.mine').first().waitFor();
    expect(await seriousViolations(wide.page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(wide.errors).toEqual([]);
  });
});
