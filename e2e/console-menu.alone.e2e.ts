import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, openPage, seriousViolations } from './lib/browser.ts';
import { mainMenu, names, signIn } from './lib/shell.ts';

/**
 * The console's menu editor with an attendee browser open beside it (issue 22 "Menu editor").
 * Alone: it adds a module to the demo app's menu, which every other journey reads; the module is
 * removed again before the file ends (through the console, else through the API in afterAll).
 */
let browser: Browser;
const NAME = 'Journey notes';
let consoleToken: string | undefined;
let demoId: number | undefined;

beforeAll(async () => {
  browser = await launch();
});
/** Removes what this journey adds (a module named "Page" or NAME), so a retry and the files after it find the seed. */
async function cleanUp() {
  if (consoleToken && demoId) {
    const headers = { 'access-token': consoleToken, accept: 'application/json' };
    const res = await fetch(`${baseURL()}/console/api/apps/${demoId}/menu`, { headers });
    if (res.ok) {
      const { modules } = (await res.json()) as { modules: Array<{ id: number; name: string }> };
      for (const m of modules.filter((x) => x.name === NAME || x.name === 'Page')) {
        await fetch(`${baseURL()}/console/api/apps/${demoId}/menu/${m.id}`, { method: 'DELETE', headers });
      }
    }
  }
}
afterAll(async () => {
  await cleanUp();
  await browser.close();
});

async function consoleSignIn(page: Page) {
  await page.goto('/console/login');
  await page.getByLabel('E-mail').fill('admin@demo.test');
  await page.getByLabel('Password').fill('demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/console$/);
  consoleToken = (await page.evaluate(() => localStorage.getItem('console_token'))) ?? undefined;
}

describe('console menu editor', () => {
  it('adds, renames, moves by keyboard and hides a module; an open attendee app follows without reloading', async () => {
    // The organiser: the console's menu of the demo app.
    const organiser = await openPage(browser, DESKTOP);
    const page = organiser.page;
    await consoleSignIn(page);
    const me = await fetch(`${baseURL()}/console/api/me`, { headers: { 'access-token': consoleToken ?? '' } });
    demoId = ((await me.json()) as { apps: Array<{ id: number; key: string }> }).apps.find((a) => a.key === 'demo')?.id;
    await cleanUp();
    await page.goto(`/console/apps/${demoId}`);
    await page.getByRole('navigation', { name: 'App areas' }).getByRole('link', { name: 'Menu' }).click();
    await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
    await page.locator('.menu-row').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The attendee: anna in the demo app, its menu in the sidebar.
    const attendee = await openPage(browser, DESKTOP);
    const { byType, url } = await signIn(attendee.page);
    await attendee.page.goto(url(byType('news')));
    const annaMenu = mainMenu(attendee.page);
    await annaMenu.locator('.menu-entry-name').first().waitFor();
    const seeded = await names(annaMenu);
    expect(seeded).not.toContain(NAME);
    // Reloading would lose this mark: it shows the page followed live.
    await attendee.page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    // Add a free-form page (named after its type) at the end.
    await page.getByRole('button', { name: 'Add module' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a module' });
    await dialog.getByLabel('Type').selectOption('freeform');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByLabel('Name of Page', { exact: true }).waitFor();
    await expect.poll(() => names(annaMenu)).toContain('Page');

    // Rename it inline.
    const nameField = page.getByLabel('Name of Page', { exact: true });
    await nameField.fill(NAME);
    await nameField.press('Enter');
    await page.getByLabel(`Name of ${NAME}`, { exact: true }).waitFor();
    await expect.poll(() => names(annaMenu)).toContain(NAME);
    expect(await names(annaMenu)).not.toContain('Page');

    // Up one place with the keyboard (Alt+Arrow up on the row's drag handle), announced.
    const before = await names(annaMenu);
    const neighbour = before[before.indexOf(NAME) - 1];
    if (!neighbour) throw new Error('no entry above the new one');
    await page.getByRole('button', { name: `Drag to reorder ${NAME}; or use Alt+Arrow up and down` }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page
      .getByRole('status')
      .filter({ hasText: `${NAME} moved to position` })
      .waitFor();
    await expect
      .poll(async () => {
        const now = await names(annaMenu);
        return now.indexOf(NAME) < now.indexOf(neighbour);
      })
      .toBe(true);
    // The focus stayed with the moved row.
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.querySelector('input')?.value)).toBe(NAME);

    // Hide it: gone from anna's menu, still in the console with a badge.
    await page.getByRole('switch', { name: new RegExp(`^Shown in the menu\\s*: ${NAME}$`) }).click();
    await expect.poll(() => names(annaMenu)).not.toContain(NAME);
    await page
      .locator('.menu-row.is-hidden')
      .filter({ has: page.getByLabel(`Name of ${NAME}`, { exact: true }) })
      .getByText('Hidden')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Remove it: the console asks first and says what goes.
    await page.getByRole('button', { name: `Remove ${NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove “${NAME}”?` });
    await confirm.getByText('It holds no content of its own').waitFor();
    await confirm.getByRole('button', { name: 'Remove module' }).click();
    await page.getByLabel(`Name of ${NAME}`, { exact: true }).waitFor({ state: 'detached' });
    expect(await names(annaMenu)).toEqual(seeded);

    expect(await attendee.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(attendee.errors).toEqual([]);
    expect(organiser.errors).toEqual([]);
    await organiser.context.close();
    await attendee.context.close();
  });
});
