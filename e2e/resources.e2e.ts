import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, recordTraffic, seriousViolations, signInAs } from './lib/browser.ts';
import { authed, type MenuItem, settle } from './lib/shell.ts';

// Resources: ben (a shared demo member, who only reads here) opens a link through its question and a
// file with its "Downloading..." state; a new member adds a link of their own, renames, hides, shows
// and deletes it with the confirmations, while ben's list follows live. What is written is the new
// member's own link, so a retry or a parallel file sees nothing of it.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

async function resourcesOf(page: Page): Promise<MenuItem> {
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const m = menu.find((i) => i.type === 'resources');
  if (!m) throw new Error('no resources module');
  return m;
}

/** Resolves when the page's socket sends its resourcesWatch (the server then sends it the module's changes). */
function watchSent(page: Page): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const late = setTimeout(() => reject(new Error('the page sent no resourcesWatch within 20 s')), 20_000);
    page.on('websocket', (ws) =>
      ws.on('framesent', (f) => {
        if (!String(f.payload).includes('"resourcesWatch"')) return;
        clearTimeout(late);
        resolve();
      }),
    );
  });
}

describe('resources: links, files, owners and live changes', () => {
  it('a member opens a link and a file; an owner renames, hides, shows and deletes their link while another member sees it live', async () => {
    // Ben, on a phone, reads the root.
    const ben = await openPage(browser, PHONE);
    await ben.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await signInAs(ben.page, 'ben@demo.test');
    await ben.page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
    const mod = await resourcesOf(ben.page);
    await ben.page.goto(mod.url);
    await ben.page.getByRole('link', { name: 'Slides', exact: true }).waitFor();
    await ben.page.locator('.resources-row', { hasText: 'Slides' }).getByText('4 files').waitFor();
    expect(await ben.page.getByText('Speaker briefing (draft)').count(), 'the admin’s hidden draft').toBe(0);
    expect(await seriousViolations(ben.page), 'resources root, phone').toEqual([]);

    // A link asks first: Open opens a new tab (and becomes Open Again); Copy target URL copies it.
    await ben.page.getByRole('link', { name: 'Venue map', exact: true }).click();
    await ben.page.getByText('This is an external URL and it will be opened in a new window. Open?').waitFor();
    await ben.context.route('https://www.openstreetmap.org/**', (r) => r.fulfill({ body: '<title>Map</title>', contentType: 'text/html' }));
    const [tab] = await Promise.all([ben.context.waitForEvent('page'), ben.page.getByRole('button', { name: /^Open/ }).click()]);
    expect(tab.url()).toContain('openstreetmap.org');
    await tab.close();
    await ben.page.getByRole('button', { name: /^Open Again/ }).waitFor();
    const copied = ben.page.getByText('URL copied!').waitFor();
    await ben.page.getByRole('button', { name: 'Copy target URL' }).click();
    await copied;
    expect(await ben.page.evaluate(() => navigator.clipboard.readText())).toBe('https://www.openstreetmap.org/#map=17/52.3791/4.9003');
    expect(await seriousViolations(ben.page), 'link item, phone').toEqual([]);

    // A file in a folder: Open shows "Downloading..." while the bytes come, then the browser saves it.
    await ben.page.goto(mod.url);
    await ben.page.getByRole('link', { name: 'Slides', exact: true }).click();
    await ben.page.getByRole('link', { name: 'Community building 101' }).click();
    await ben.page.getByRole('heading', { name: 'Community building 101', level: 1 }).waitFor();
    expect(new URL(ben.page.url()).pathname).toMatch(new RegExp(`^/resources/${mod.app_module_id}/\\d+/\\d+$`));
    await ben.page.route('**/file', async (r) => {
      await new Promise((s) => setTimeout(s, 600));
      await r.fallback();
    });
    const download = ben.page.waitForEvent('download');
    await ben.page.getByRole('button', { name: 'Open', exact: true }).click();
    await ben.page.getByRole('button', { name: 'Downloading...' }).waitFor();
    expect((await download).suggestedFilename()).toBe('community-building-101.pdf');
    await ben.page.getByRole('button', { name: 'Open', exact: true }).waitFor();

    // Back to the root, where the owner's changes will arrive once the page watches the module.
    const traffic = recordTraffic(ben.page, '/resources/');
    const watching = watchSent(ben.page);
    await ben.page.goto(mod.url);
    await ben.page.getByRole('link', { name: 'Slides', exact: true }).waitFor();
    await watching;
    // The server checks the module before the socket joins its room.
    await ben.page.waitForTimeout(500);

    // A new member on a desktop adds a link of their own at the root: ben's list gets it at once.
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const { token } = await newConfirmedUser(`owner.${stamp}@demo.test`);
    const profile = await fetch(`${baseURL()}/user/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
      body: JSON.stringify({ first_name: 'Olga', last_name: `Owner${stamp}`, job_title: 'Organiser' }),
    });
    expect(profile.ok).toBe(true);
    const title = `Floor plan ${stamp}`;
    const added = await fetch(`${baseURL()}/resources/${mod.app_module_id}/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
      body: JSON.stringify({ type: 'link', title, url: 'https://example.org/floor-plan' }),
    });
    expect(added.status).toBe(200);
    const { id } = (await added.json()) as { id: number };
    await ben.page
      .getByRole('link', { name: title })
      .waitFor()
      .catch((err: unknown) => {
        console.log(`ben's traffic until the link was added (${id}) and after:\n${traffic.dump()}`);
        throw err;
      });

    const owner = await openPage(browser, DESKTOP);
    await owner.page.goto('/healthz');
    await owner.page.evaluate((t) => {
      localStorage.setItem('demo:access_token', t);
      localStorage.setItem('demo:push_never', '1');
    }, token);
    await owner.page.goto(`/resources/${mod.app_module_id}/${id}`);
    await owner.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await seriousViolations(owner.page), 'owned link, desktop').toEqual([]);

    // Edit Title: Reset puts the title back; Apply saves it; ben sees the new title.
    await owner.page.getByRole('button', { name: `More actions: ${title}` }).click();
    await menuItem(owner.page, 'Edit Title').click();
    const rename = owner.page.getByRole('dialog', { name: 'Edit Title' });
    await rename.getByLabel('Title').fill('   ');
    await rename.getByRole('button', { name: 'Apply' }).click();
    await rename.getByText('Value cannot be blank').waitFor();
    await rename.getByRole('button', { name: 'Reset' }).click();
    expect(await rename.getByLabel('Title').inputValue()).toBe(title);
    await settle(owner.page);
    expect(await seriousViolations(owner.page), 'edit title dialog').toEqual([]);
    const renamed = `${title} (level 2)`;
    await rename.getByLabel('Title').fill(renamed);
    // Toasts stay 1.5 s: watched for from before the click.
    const updated = owner.page.getByText('Item has been successfully updated!').waitFor();
    await rename.getByRole('button', { name: 'Apply' }).click();
    await updated;
    await owner.page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
    await ben.page.getByRole('link', { name: renamed }).waitFor();

    // Hide, confirmed: the owner still sees it, marked Inactive; it leaves ben's list.
    await owner.page.getByRole('button', { name: `More actions: ${renamed}` }).click();
    await menuItem(owner.page, 'Hide (Inactive)').click();
    await owner.page.getByRole('dialog', { name: 'Hide this Item?' }).getByRole('button', { name: 'Hide (Inactive)' }).click();
    await owner.page.locator('.resources-item .resources-badge', { hasText: 'Inactive' }).waitFor();
    await ben.page.getByRole('link', { name: renamed }).waitFor({ state: 'detached' });

    // Shown again, it comes back; deleted, confirmed with "can't be undone", it goes for good.
    await owner.page.getByRole('button', { name: `More actions: ${renamed}` }).click();
    await menuItem(owner.page, 'Show again').click();
    await ben.page.getByRole('link', { name: renamed }).waitFor();
    await owner.page.getByRole('button', { name: `More actions: ${renamed}` }).click();
    await menuItem(owner.page, 'Delete').click();
    const del = owner.page.getByRole('dialog', { name: 'Delete this Item?' });
    await del.getByText("Are you sure? This can't be undone.").waitFor();
    const deleted = owner.page.getByText('Item has been successfully deleted!').waitFor();
    await del.getByRole('button', { name: 'Delete' }).click();
    await deleted;
    await owner.page.getByRole('heading', { name: 'Resources', level: 1 }).waitFor();
    await ben.page.getByRole('link', { name: renamed }).waitFor({ state: 'detached' });
    expect(await seriousViolations(owner.page), 'resources root, desktop').toEqual([]);

    expect(ben.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
    await ben.context.close();
    await owner.context.close();
  });

  it('a folder’s count stays each reader’s own under another member’s live changes (the owner of a hidden item in it)', async () => {
    // Olga owns a hidden link in Slides: she counts it, nobody else does. Another member adds,
    // renames and deletes a link in Slides while her root list is open: her count is fetched again,
    // never taken from the event. Slides is the demo's: what is added is deleted again even on failure.
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const olga = await newConfirmedUser(`hidden.${stamp}@demo.test`);
    const other = await newConfirmedUser(`other.${stamp}@demo.test`);
    // A complete profile, or the app asks for it first.
    const profile = await fetch(`${baseURL()}/user/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': olga.token },
      body: JSON.stringify({ first_name: 'Olga', last_name: `Hidden${stamp}`, job_title: 'Organiser' }),
    });
    expect(profile.ok).toBe(true);
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await page.goto('/healthz');
    await page.evaluate((t) => {
      localStorage.setItem('demo:access_token', t);
      localStorage.setItem('demo:push_never', '1');
    }, olga.token);
    const mod = await resourcesOf(page);
    const api = async (tok: string, method: string, rest: string, body?: unknown) => {
      const r = await fetch(`${baseURL()}/resources/${mod.app_module_id}/items${rest}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'app-key': 'demo', 'access-token': tok },
        body: body === undefined ? null : JSON.stringify(body),
      });
      expect(r.status, `${method} ${rest}`).toBe(200);
      return r.json() as Promise<{ id: number } & Array<{ id: number; title: string }>>;
    };
    const slides = (await api(olga.token, 'GET', '')).find((i) => i.title === 'Slides')?.id;
    const count = (n: number) => page.locator('.resources-row', { hasText: 'Slides' }).getByText(`${n} files`).waitFor();
    const mine: Array<[string, number]> = [];
    try {
      const draft = await api(olga.token, 'POST', '', {
        type: 'link',
        title: `Draft ${stamp}`,
        url: 'https://example.org/d',
        folder_id: slides,
      });
      mine.push([olga.token, draft.id]);
      await api(olga.token, 'PUT', `/${draft.id}`, { active: false });
      const watching = watchSent(page);
      await page.goto(mod.url);
      await count(5);
      await watching;
      await page.waitForTimeout(1_500);
      const theirs = await api(other.token, 'POST', '', {
        type: 'link',
        title: `Theirs ${stamp}`,
        url: 'https://example.org/t',
        folder_id: slides,
      });
      mine.push([other.token, theirs.id]);
      await count(6);
      await api(other.token, 'PUT', `/${theirs.id}`, { title: `Theirs ${stamp} v2` });
      await page.waitForTimeout(1_000);
      await count(6);
      await api(other.token, 'DELETE', `/${theirs.id}`);
      mine.pop();
      await count(5);
    } finally {
      for (const [tok, id] of mine) await api(tok, 'DELETE', `/${id}`).catch(() => undefined);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
