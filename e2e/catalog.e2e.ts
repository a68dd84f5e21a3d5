import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations } from './lib/browser.ts';
import { authed, type MenuItem, settle, signIn } from './lib/shell.ts';

// Catalog and free-form page: a member searches the exhibitors, opens one, asks to buy (the exhibitor's
// contact gets a mail), copies the link and reports it; then reads the venue page. What it writes is its
// own: a new member's request and report, so a retry or a parallel file sees nothing of it.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A new member of the demo app with a name (the exhibitor's mail carries it), signed in on a page of its own. */
async function newMember(viewport: { width: number; height: number }) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `buyer.${stamp}@demo.test`;
  const { token } = await newConfirmedUser(email);
  const res = await fetch(`${baseURL()}/user/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
    body: JSON.stringify({ first_name: 'Bea', last_name: `Buyer${stamp}`, job_title: 'Purchaser' }),
  });
  if (!res.ok) throw new Error(`profile: ${res.status}`);
  const { page, context, errors } = await openPage(browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  await page.goto('/healthz');
  await page.evaluate((t) => {
    localStorage.setItem('demo:access_token', t);
    localStorage.setItem('demo:push_never', '1');
  }, token);
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const mod = (type: string) => {
    const m = menu.find((i) => i.type === type);
    if (!m) throw new Error(`no ${type} module`);
    return m;
  };
  return { page, context, errors, email, name: `Bea Buyer${stamp}`, mod };
}

const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

describe('catalog: search, details, want to buy, copy link, report', () => {
  it('a member finds an exhibitor, asks to buy (one mail to its contact), copies the link and reports it', async () => {
    const me = await newMember(PHONE);
    const { page } = me;
    const catalog = me.mod('catalog');
    await page.goto(catalog.url);
    await page.getByRole('heading', { name: 'Exhibitors', level: 1 }).waitFor();
    const rows = page.locator('.catalog-list a');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(12);
    expect(await seriousViolations(page), 'catalog list, phone').toEqual([]);

    // Search: a word of the description finds it; nonsense shows the empty state.
    const search = page.getByRole('searchbox', { name: 'Search by name, category or booth' });
    await search.fill('zzqqxx');
    await page.getByRole('heading', { name: 'Nothing found' }).waitFor();
    await search.fill('oslo');
    await page.getByRole('status').filter({ hasText: '1 result' }).waitFor();
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('Nordlight Cloud')]);
    expect(new URL(page.url()).searchParams.get('search')).toBe('oslo');

    // Details: header, description, website in a new tab.
    await rows.first().click();
    await page.getByRole('heading', { name: 'Nordlight Cloud', level: 1 }).waitFor();
    await page.getByText('Cloud & hosting').waitFor();
    await page.getByText('Hall A · Booth A12').waitFor();
    // A booth is a place: a pin, not the globe of online things.
    expect(await page.locator('.catalog-location svg').getAttribute('data-icon')).toBe('pin');
    await page.locator('.catalog-description').getByText('carbon-aware cloud regions', { exact: false }).waitFor();
    const website = page.getByRole('link', { name: /Visit nordlight\.example/ });
    expect(await website.getAttribute('href')).toBe('https://www.nordlight.example/');
    expect(await website.getAttribute('target')).toBe('_blank');
    expect(await website.getAttribute('rel')).toContain('noopener');
    expect(await seriousViolations(page), 'catalog item, phone').toEqual([]);

    // I want to buy → a dialog says what is shared, then a toast; the exhibitor's contact gets one mail.
    await page.getByRole('button', { name: 'I want to buy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Nordlight Cloud?' });
    await dialog.getByLabel('Message (optional)').fill('We need storage for 40 TB, can we talk at your booth?');
    // axe reads colours once the dialog has faded in.
    await settle(page);
    expect(await seriousViolations(page), 'want-to-buy dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Request sent! Nordlight Cloud will contact you.').waitFor();
    await page.getByText('Request sent: Nordlight Cloud has your contact details.').waitFor();
    expect(await page.getByRole('button', { name: 'I want to buy' }).count()).toBe(0);
    const mails = (await (await fetch(`${baseURL()}/dev/outbox.json`)).json()) as { to: string; subject: string; text: string }[];
    const mine = mails.filter((m) => m.to === 'sales.nordlight@demo.test' && m.subject.includes(me.name));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.text).toContain(me.email);
    expect(mine[0]?.text).toContain('We need storage for 40 TB');
    expect((await latestMail('sales.nordlight@demo.test')).subject).toContain('wants to buy from Nordlight Cloud');

    // Copy link: the item's address is on the clipboard.
    await page.getByRole('button', { name: 'More actions' }).click();
    await menuItem(page, 'Copy link').click();
    await page.getByText('Link copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // Report, confirmed: then it shows as reported and the menu no longer offers it.
    await page.getByRole('button', { name: 'More actions' }).click();
    await menuItem(page, 'Report').click();
    await page.getByRole('dialog', { name: 'Report this item?' }).getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByText('Content reported').first().waitFor();
    await page.locator('.catalog-reported').waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    expect(await menuItem(page, 'Report').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The copied link opens the same item after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Nordlight Cloud', level: 1 }).waitFor();
    await page.getByText('Request sent: Nordlight Cloud has your contact details.').waitFor();

    // An item that is not there: the page says so once (no "Whoops" dialog on top), asked for once.
    const missing = `/catalog/${catalog.app_module_id}/items/999999`;
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === missing) asked.push(r.url());
    });
    await page.goto(`/catalog/${catalog.app_module_id}/999999`);
    await page.getByRole('heading', { name: 'This item does not exist or was removed' }).waitFor();
    await settle(page);
    expect(await page.getByRole('dialog', { name: 'Whoops' }).count()).toBe(0);
    expect(asked).toHaveLength(1);
    expect(me.errors).toEqual([]);
    await me.context.close();
  });
});

describe('catalog: the search in the address, failures said', () => {
  it('Back keeps the search, a space before a pause is kept, and failed requests or copies are toasts', async () => {
    const me = await newMember(DESKTOP);
    const { page } = me;
    const catalog = me.mod('catalog');
    await page.goto(catalog.url);
    const search = page.getByRole('searchbox', { name: 'Search by name, category or booth' });
    const rows = page.locator('.catalog-list a');
    await search.fill('oslo');
    await page.getByRole('status').filter({ hasText: '1 result' }).waitFor();

    // "Back to the list" returns to the search it came from.
    await rows.first().click();
    await page.getByRole('heading', { name: 'Nordlight Cloud', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByRole('status').filter({ hasText: '1 result' }).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('oslo');
    expect(await search.inputValue()).toBe('oslo');

    // A pause after a space keeps the space: the field is re-synced only from changes of the address
    // made elsewhere, not from its own.
    await search.fill('nordlight ');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('nordlight');
    await page.waitForTimeout(400);
    await search.press('End');
    await search.pressSequentially('oslo');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('nordlight oslo');
    expect(await search.inputValue()).toBe('nordlight oslo');
    await page.getByRole('status').filter({ hasText: '1 result' }).waitFor();

    // A refused request (429) and a mail that could not go (503) are toasts; the dialog stays open.
    await page.getByText('Nordlight Cloud').first().click();
    await page.getByRole('heading', { name: 'Nordlight Cloud', level: 1 }).waitFor();
    let answer = { status: 429, body: { name: 'Too Many Requests', message: 'Too many attempts.', status: 429 } };
    await page.route('**/want-to-buy', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
    );
    await page.getByRole('button', { name: 'I want to buy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Nordlight Cloud?' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Too many attempts. Please wait a minute and try again').waitFor();
    answer = {
      status: 503,
      body: { name: 'Error', message: 'Your request could not be sent right now. Please try again later.', status: 503 },
    };
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Your request could not be sent right now. Please try again later.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.unroute('**/want-to-buy');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Without the async clipboard the fallback copies; when it copies nothing, a toast says so.
    await page.evaluate(() => {
      (window as unknown as { realClipboard: Clipboard }).realClipboard = navigator.clipboard;
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy link', exact: true }).click();
    await page.getByText('Link copied!').waitFor();
    expect(await page.evaluate(() => (window as unknown as { realClipboard: Clipboard }).realClipboard.readText())).toBe(page.url());
    expect(await page.locator('textarea').count()).toBe(0);
    await page.evaluate(() => {
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy link', exact: true }).click();
    await page.getByText('Something went wrong!').waitFor();
    expect(me.errors).toEqual([]);
    await me.context.close();
  });
});

describe('free-form page', () => {
  it('shows every block of the venue page and copies its link', async () => {
    const me = await newMember(PHONE);
    const { page } = me;
    const venue = me.mod('freeform');
    await page.goto(venue.url);
    await page.getByRole('heading', { name: 'Venue & travel', level: 1 }).waitFor();
    const body = page.locator('.rich-content');
    await body.getByRole('heading', { name: 'Spreeside Congress Centre', level: 2 }).waitFor();
    await body.getByRole('heading', { name: 'Getting there', level: 3 }).waitFor();
    await body.getByRole('heading', { name: 'Finding your way inside', level: 4 }).waitFor();
    expect(await body.getByRole('columnheader').allTextContents()).toEqual(['From', 'How', 'Time']);
    expect(await body.getByRole('table').count()).toBe(2);
    await body.getByRole('note').filter({ hasText: 'The cloakroom closes at 19:00' }).waitFor();
    expect(await body.locator('blockquote cite').textContent()).toBe('Marta Nowak, organiser of Open Summit');
    expect(await body.locator('hr').count()).toBe(1);
    expect(await body.locator('figure.stretched img').getAttribute('src')).toBe('/uploads/demo/harbour.svg');
    expect(await body.locator('figure.with-border.with-background figcaption').textContent()).toContain('Floor plan');
    // The pictures are there (the demo draws them at seed time).
    const loaded = await body.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0));
    expect(loaded.every(Boolean)).toBe(true);
    const card = body.locator('a.link-card');
    expect(await card.getAttribute('target')).toBe('_blank');
    await card.getByText('Plan your visit – Spreeside Congress Centre').waitFor();
    expect(await seriousViolations(page), 'free-form page, phone').toEqual([]);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(venue.url, baseURL()).href);
    expect(me.errors).toEqual([]);
    await me.context.close();
  });
});

describe('accessibility of the catalog and the free-form page', () => {
  // Each app at one width and each width in one app: the light app on a phone, the dark one on a desktop.
  for (const [app, label, viewport] of [
    ['demo', 'phone', PHONE],
    ['demo-dark', 'desktop', DESKTOP],
  ] as const) {
    it(`axe finds no serious violation in ${app} at ${label} width`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      const { byType, url } = await signIn(page, { app });
      const catalog = byType('catalog');
      await page.goto(url(catalog));
      await page.locator('.catalog-list a').first().waitFor();
      await page.waitForSelector('.catalog-logo');
      expect(await seriousViolations(page), `${app} catalog list`).toEqual([]);
      await page.locator('.catalog-list a').first().click();
      await page.locator('.catalog-item h1').waitFor();
      expect(await seriousViolations(page), `${app} catalog item`).toEqual([]);
      await page.goto(url(byType('freeform')));
      await page.locator('.rich-content h2').first().waitFor();
      expect(await seriousViolations(page), `${app} free-form page`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
