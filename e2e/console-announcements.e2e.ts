import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';

/** The console's announcements: an owner writes one to every member; an attendee's open app shows it in-app. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function consoleSignIn(page: Page, email: string) {
  await page.goto('/console/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/console$/);
}

/** Opens the announcements area of the demo app from the apps list and the sidebar. */
async function openAnnouncements(page: Page) {
  const table = page.getByRole('table', { name: 'Apps' });
  await table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'demo', exact: true }) })
    .getByRole('link')
    .click();
  await page.waitForURL(/\/console\/apps\/\d+$/);
  await page.getByRole('navigation', { name: 'App areas' }).getByRole('link', { name: 'Announcements' }).click();
  await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
}

describe('console announcements', () => {
  it('an owner sends an announcement to all members and anna’s open app shows it', async () => {
    // Anna has the attendee app open, its socket connected.
    const anna = await openPage(browser, PHONE);
    await signInAs(anna.page, 'anna@demo.test');
    const received: string[] = [];
    anna.page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
    await anna.page.goto('/');
    await expect.poll(() => received.some((f) => f.startsWith('40'))).toBe(true);

    const owner = await openPage(browser, DESKTOP);
    await consoleSignIn(owner.page, 'admin@demo.test');
    await openAnnouncements(owner.page);
    const page = owner.page;
    await page
      .getByRole('table', { name: 'Announcements' })
      .getByRole('button', { name: 'Keynote moves to Hall B', exact: true })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New announcement' }).click();
    await page.getByRole('heading', { level: 1, name: 'New announcement' }).waitFor();
    // Nothing written: the fields say so, and nothing is sent.
    await page.getByRole('button', { name: 'Send now…' }).click();
    await page.getByText('Enter a title').waitFor();
    expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');

    // A title of this attempt's own: a retry must not find the first attempt's row.
    const title = `Lunch is served ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Message').fill('Sandwiches in the foyer until two.');
    // A German text too.
    await page.getByLabel('Add a language').selectOption('de_DE');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('tab', { name: /German/ }).waitFor();
    await page.getByLabel('Title').fill(`Das Mittagessen ist serviert ${title.slice(-8)}`);
    await page.getByLabel('Message').fill('Belegte Brote im Foyer bis 14 Uhr.');
    await page.getByText(/^Reaches \d+ members$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Anna reads it as an in-app notice, in her language (English, the app's; German had a journey beside
    // this one made her so). Watched from before the send: a toast does not stay for ever.
    const notice = anna.page
      .locator('.toasts')
      .getByText(
        /(Lunch is served \w+ — Sandwiches in the foyer until two\.)|(Das Mittagessen ist serviert \w+ — Belegte Brote im Foyer bis 14 Uhr\.)/,
      )
      .waitFor({ timeout: 20_000 })
      .then(
        () => 'shown',
        (err: unknown) => String(err),
      );
    await page.getByRole('button', { name: 'Send now…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this announcement now?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    const row = page.getByRole('table', { name: 'Announcements' }).getByRole('row').filter({ hasText: title });
    await row.getByText(/^(Sending|Sent)$/).waitFor();

    expect(await notice).toBe('shown');
    // The list follows the send to its end, with the count.
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });
    expect(owner.errors).toEqual([]);
    expect(anna.errors).toEqual([]);
    await owner.context.close();
    await anna.context.close();
  });

  it('schedules one for later and cancels it, on a phone', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await consoleSignIn(page, 'admin@demo.test');
    const table = page.getByRole('table', { name: 'Apps' });
    await table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'demo', exact: true }) })
      .getByRole('link')
      .click();
    await page.waitForURL(/\/console\/apps\/\d+$/);
    const appPath = new URL(page.url()).pathname;
    await page.goto(`${appPath}/announcements?compose=new`);
    await page.getByLabel('Title').fill('Reminder');
    await page.getByLabel('Message').fill('The closing keynote starts in 30 minutes.');
    await page.getByLabel('Group').selectOption('role');
    await page.getByLabel('Role').selectOption('members');
    await page.getByText('Schedule', { exact: true }).click();
    // A time in the past is refused beside the field.
    await page.getByLabel('Date and time').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.getByText('Choose a time in the future').waitFor();
    const later = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByLabel('Date and time')
      .fill(
        `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:${pad(later.getMinutes())}`,
      );
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.getByRole('dialog', { name: 'Schedule this announcement?' }).getByRole('button', { name: 'Schedule' }).click();
    const row = page.getByRole('table', { name: 'Announcements' }).getByRole('row').filter({ hasText: 'Reminder' }).first();
    await row.getByText('Scheduled', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Cancel: Reminder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this announcement?' });
    await dialog.getByRole('button', { name: 'Cancel announcement' }).click();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
