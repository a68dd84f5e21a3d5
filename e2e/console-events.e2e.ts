import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { openDemoArea } from './lib/console.ts';
import { authed, type MenuItem } from './lib/shell.ts';

/**
 * The console's Events area: an organiser creates an event from scratch, a member sees it in the
 * app, and closing registration then cancelling reach the member's open page without a reload.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Signs the demo operator in to the console and opens the Events area of the `demo` app. */
async function openEvents(page: Page) {
  await openDemoArea(page, 'Events', 'events');
  await page.getByRole('table', { name: 'Events' }).waitFor();
}

describe('console events', () => {
  it('creates an event from scratch; a member sees it, then sees registration close and the event cancelled live', async () => {
    const title = `Console launch party ${Date.now()}`;
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openEvents(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New event' }).click();
    await page.getByRole('heading', { level: 1, name: 'New event' }).waitFor();
    // A bad form first: the end before the start is refused with the field's message.
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Time zone').fill('Europe/Berlin');
    await page.getByLabel('Starts', { exact: true }).fill('2030-07-01T18:00');
    await page.getByLabel('Ends', { exact: true }).fill('2030-07-01T17:00');
    await page.getByRole('button', { name: 'Create the event' }).click();
    await page.getByText('The end must come after the start.').waitFor();

    await page.getByLabel('Ends', { exact: true }).fill('2030-07-01T22:00');
    await page.getByLabel('Place', { exact: true }).fill('Rooftop, Alexanderplatz 1');
    await page.getByLabel('Map link').fill('https://maps.example.org/rooftop');
    await page.getByLabel('Capacity').fill('40');
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page.getByLabel('Section 1: title').fill('What to bring');
    await page.getByRole('textbox', { name: 'Section 1: text' }).fill('A warm jacket');
    // A speaker linked to a member found by address.
    await page.getByRole('button', { name: 'Add a speaker' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Anna on stage');
    await page.getByLabel('Linked member (optional)').fill('anna@demo');
    await page.getByRole('button', { name: /^Link: .*\(anna@demo\.test\)$/ }).click();
    await page.getByRole('button', { name: 'Unlink' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create the event' }).click();
    await page.getByText('Event saved').waitFor();
    await page.waitForURL(/[?&]event=\d+/);
    const eventId = Number(new URL(page.url()).searchParams.get('event'));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // A member opens it in the app.
    const member = await openPage(browser, PHONE);
    await signInAs(member.page, 'anna@demo.test');
    await member.page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
    const { menu } = await authed<{ menu: MenuItem[] }>(member.page, 'demo', '/user/app-menu');
    const events = menu.find((i) => i.type === 'events');
    if (!events) throw new Error('no events module');
    await member.page.goto(`${events.url}/event/${eventId}`);
    await member.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await member.page.getByRole('heading', { name: 'What to bring' }).waitFor();
    await member.page.getByText('Anna on stage').first().waitFor();
    await member.page.getByText('A warm jacket').waitFor();
    expect(await member.page.getByRole('link', { name: /Open the map/ }).getAttribute('href')).toBe('https://maps.example.org/rooftop');
    const register = member.page.getByRole('button', { name: 'Register', exact: true });
    await register.waitFor();

    // The organiser closes registration: the member's page changes without a reload.
    await page.getByRole('button', { name: 'Close registration' }).click();
    await page.getByText('Registration closed', { exact: true }).first().waitFor();
    await member.page.locator('.events-badge', { hasText: 'Registration closed' }).waitFor();
    expect(await register.count()).toBe(0);

    // Reopened, then cancelled (which asks first): the member sees it cancelled.
    await page.getByRole('button', { name: 'Reopen registration' }).click();
    await member.page.getByRole('button', { name: 'Register', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel the event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this event?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Cancel the event' }).click();
    await member.page.getByText('This event was cancelled.').waitFor();
    expect(await member.page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);

    // The registrations tab with its export and import.
    await page.getByRole('tab', { name: /Registrations/ }).click();
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email\nanna@demo.test\nnobody@nowhere.test\n'),
    });
    await page.getByText('To register: 1').waitFor();
    await page.getByText('Not members of the app: 1').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    expect(member.errors).toEqual([]);
    await member.context.close();
    await context.close();
  });
});
