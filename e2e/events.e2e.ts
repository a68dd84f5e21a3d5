import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { authed, type MenuItem, settle } from './lib/shell.ts';

// Events (spec 2 §2–§4) as members use them: a day picked in the calendar and cleared, a day without
// events leading to the next one, a registration and its cancellation seen live by a second browser.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function person(email: string, viewport = PHONE) {
  const { page, errors } = await openPage(browser, viewport);
  await signInAs(page, email);
  await page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const events = menu.find((i) => i.type === 'events');
  if (!events) throw new Error('no events module');
  return { page, errors, events };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The browser's local day `n` days from today. */
async function dayFromToday(page: Page, n: number): Promise<string> {
  const parts = await page.evaluate((k) => {
    const d = new Date();
    d.setDate(d.getDate() + k);
    return [d.getFullYear(), d.getMonth() + 1, d.getDate()];
  }, n);
  return `${parts[0]}-${pad(parts[1] ?? 1)}-${pad(parts[2] ?? 1)}`;
}

/**
 * The tab hidden or shown as when the member switches to another tab or app and back: headless
 * Chromium keeps every page visible, so the page's visibility is set and announced by hand.
 */
async function setVisible(page: Page, visible: boolean) {
  await page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !v });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

/** "12 registered" → 12, from the Places line of an event's details. */
async function registeredCount(page: Page): Promise<number> {
  const text = await page.locator('.events-facts dd[aria-live]').textContent();
  return Number(/(\d+) registered/.exec(text ?? '')?.[1] ?? Number.NaN);
}

describe('events', () => {
  it('opens on the nearest event day, clears it for upcoming events and jumps from an empty day to the next one', async () => {
    const anna = await person('anna@demo.test');
    const { page } = anna;
    await page.goto(anna.events.url);
    const calendar = page.locator('.session-calendar');
    const today = await dayFromToday(page, 0);
    // Today has the product breakfast: the calendar opens on it.
    const todayButton = calendar.locator(`button[data-day="${today}"]`);
    await page.locator(`${'.session-calendar'} button[data-day="${today}"][aria-pressed="true"]`).waitFor();
    await page.getByRole('link', { name: 'Product breakfast' }).waitFor();
    expect(await page.getByRole('link', { name: 'Founders’ meetup' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // A day is read out whole with what it holds ("Friday, 27 November 2026, 1 event"), not "has sessions".
    expect(await todayButton.getAttribute('aria-label')).toMatch(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}, \d+ events?$/);
    // The breakfast's café is a place: a pin, not the globe of online events.
    const breakfastCard = page.locator('.events-card', { has: page.getByRole('link', { name: 'Product breakfast' }) });
    expect(await breakfastCard.locator('.events-card-where svg').getAttribute('data-icon')).toBe('pin');

    // Clicking it again clears it: the upcoming events, those not over yet.
    await todayButton.click();
    await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
    await page.getByRole('link', { name: 'Founders’ meetup' }).waitFor();
    expect(await todayButton.getAttribute('aria-pressed')).toBe('false');
    // The breakfast (07:30–09:00 UTC today) is upcoming only while it is not over.
    const [breakfast] = await authed<Array<{ ends_at: string }>>(
      page,
      'demo',
      `/events/${anna.events.app_module_id}/events?search=breakfast`,
    );
    const breakfastOver = Date.parse(breakfast?.ends_at ?? '') <= Date.now();
    expect(await page.getByRole('link', { name: 'Product breakfast' }).count()).toBe(breakfastOver ? 0 : 1);

    // Tomorrow has nothing: the empty state offers the next day having events (the workshop).
    await calendar.locator(`button[data-day="${await dayFromToday(page, 1)}"]`).click();
    await page.getByRole('heading', { name: 'No events on this day' }).waitFor();
    await page.getByRole('button', { name: 'Show upcoming event' }).click();
    await page.getByRole('link', { name: 'Workshop: accessible forms' }).waitFor();
    expect(await calendar.locator(`button[data-day="${await dayFromToday(page, 2)}"]`).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('1 place left').waitFor();

    // Search looks across every day.
    await page.getByRole('searchbox').fill('sunrise');
    await page.getByRole('link', { name: 'Sunrise run and coffee' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
    expect(anna.errors).toEqual([]);
  });

  it('registers and unregisters; a second browser sees the count and the attendee change live', async () => {
    const anna = await person('anna@demo.test', DESKTOP);
    const ben = await person('ben@demo.test');
    const found = await authed<Array<{ id: number; title: string }>>(
      anna.page,
      'demo',
      `/events/${anna.events.app_module_id}/events?search=founders`,
    );
    const id = found.find((e) => e.title === 'Founders’ meetup')?.id;
    if (!id) throw new Error('no Founders’ meetup');
    const url = `/events/${anna.events.app_module_id}/event/${id}`;
    await anna.page.goto(url);
    await anna.page.getByRole('heading', { level: 1, name: 'Founders’ meetup' }).waitFor();
    // A retry finds Anna registered already: start from the unregistered state.
    const cancel = anna.page.getByRole('button', { name: 'Cancel registration' });
    if (await cancel.count()) {
      await cancel.click();
      await anna.page.getByRole('dialog').getByRole('button', { name: 'Cancel registration' }).click();
      await anna.page.getByRole('button', { name: 'Register', exact: true }).waitFor();
    }
    await ben.page.goto(url);
    await ben.page.getByRole('heading', { level: 1, name: 'Founders’ meetup' }).waitFor();
    const attendees = ben.page.getByRole('region', { name: 'Attendees' });
    await attendees.getByRole('link').first().waitFor();
    const before = await registeredCount(ben.page);
    expect(await seriousViolations(anna.page)).toEqual([]);
    expect(await seriousViolations(ben.page)).toEqual([]);

    await anna.page.getByRole('button', { name: 'Register', exact: true }).click();
    await anna.page.getByText('Registered successfully').waitFor();
    await anna.page.getByRole('button', { name: 'Cancel registration' }).waitFor();
    await ben.page.waitForFunction(
      (n) => document.querySelector('.events-facts dd[aria-live]')?.textContent?.includes(`${n} registered`),
      before + 1,
    );
    await attendees.getByRole('link', { name: /Anna Novak/ }).waitFor();

    // Cancelling asks first; keeping the place changes nothing.
    await anna.page.getByRole('button', { name: 'Cancel registration' }).click();
    const confirm = anna.page.getByRole('dialog', { name: 'Cancel your registration for Founders’ meetup?' });
    await confirm.getByText('Your place will be freed for someone else.').waitFor();
    await confirm.getByRole('button', { name: 'Keep my place' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await registeredCount(anna.page)).toBe(before + 1);
    await anna.page.getByRole('button', { name: 'Cancel registration' }).click();
    await confirm.getByRole('button', { name: 'Cancel registration' }).click();
    await anna.page.getByText('Unregistered successfully').waitFor();
    await ben.page.waitForFunction(
      (n) => document.querySelector('.events-facts dd[aria-live]')?.textContent?.includes(`${n} registered`),
      before,
    );
    await attendees.getByRole('link', { name: /Anna Novak/ }).waitFor({ state: 'detached' });
    expect(await registeredCount(anna.page)).toBe(before);
    expect([...anna.errors, ...ben.errors]).toEqual([]);
  });

  it('has no serious accessibility violation on the list at desktop width and the details at phone width', async () => {
    const anna = await person('anna@demo.test', DESKTOP);
    await anna.page.goto(anna.events.url);
    await anna.page.getByRole('link', { name: 'Product breakfast' }).waitFor();
    expect(await seriousViolations(anna.page)).toEqual([]);
    const phone = await person('anna@demo.test', PHONE);
    const found = await authed<Array<{ id: number; title: string }>>(
      phone.page,
      'demo',
      `/events/${phone.events.app_module_id}/events?search=workshop`,
    );
    const id = found[0]?.id;
    await phone.page.goto(`/events/${phone.events.app_module_id}/event/${id}`);
    await phone.page.getByRole('heading', { name: 'What to bring' }).waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);

    // Taking its last place, then cancelling: the question says the place goes to someone else.
    const register = phone.page.getByRole('button', { name: 'Register', exact: true });
    if (await register.count()) await register.click();
    await phone.page.getByRole('button', { name: 'Cancel registration' }).click();
    const confirm = phone.page.getByRole('dialog', { name: /^Cancel your registration for / });
    await confirm.getByText(/This event is full/).waitFor();
    await settle(phone.page);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel registration' }).click();
    await phone.page.getByText('Unregistered successfully').waitFor();
    await phone.page.getByText('1 place left').first().waitFor();

    // An event that is not there: its page says so once (no "Whoops" dialog on top), asked for once.
    const missing = `/events/${phone.events.app_module_id}/events/999999`;
    const asked: string[] = [];
    phone.page.on('request', (r) => {
      if (new URL(r.url()).pathname === missing) asked.push(r.url());
    });
    await phone.page.goto(`/events/${phone.events.app_module_id}/event/999999`);
    await phone.page.getByRole('heading', { name: 'This event does not exist or was removed' }).waitFor();
    await settle(phone.page);
    expect(await phone.page.getByRole('dialog', { name: 'Whoops' }).count()).toBe(0);
    expect(asked).toHaveLength(1);
  });

  it('registers on the organiser’s site: the question comes back with the member, and Yes records the registration', async () => {
    const ben = await person('ben@demo.test');
    const found = await authed<Array<{ id: number; title: string; external_registration_url: string | null; registered: boolean }>>(
      ben.page,
      'demo',
      `/events/${ben.events.app_module_id}/events?search=dinner`,
    );
    const dinner = found.find((e) => e.external_registration_url);
    if (!dinner) throw new Error('no event with an external registration');
    await ben.page.goto(`/events/${ben.events.app_module_id}/event/${dinner.id}`);
    // A retry may find him registered from the last try.
    const cancel = ben.page.getByRole('button', { name: 'Cancel registration' });
    if (await cancel.count()) {
      await cancel.click();
      await ben.page.getByRole('dialog').getByRole('button', { name: 'Cancel registration' }).click();
      await ben.page.getByText('Unregistered successfully').waitFor();
    }
    const [site] = await Promise.all([
      ben.page.context().waitForEvent('page'),
      ben.page.getByRole('link', { name: /Register on the organiser’s site/ }).click(),
    ]);
    await site.close();
    const ask = ben.page.getByRole('dialog', { name: 'Did you register successfully?' });
    await ask.waitFor();
    // The question waits in the tab until answered: a reload asks again.
    await ben.page.reload();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await ben.page.getByText('Registered successfully').waitFor();
    await ask.waitFor({ state: 'detached' });
    await ben.page.reload();
    await ben.page.getByRole('button', { name: 'Cancel registration' }).waitFor();
    expect(await ask.count()).toBe(0);
    await ben.page.getByRole('button', { name: 'Cancel registration' }).click();
    await ben.page.getByRole('dialog').getByRole('button', { name: 'Cancel registration' }).click();
    await ben.page.getByText('Unregistered successfully').waitFor();

    // The member leaves for the organiser's site (the tab hidden) and comes back to it: the tab
    // becoming visible again asks, without a reload.
    await setVisible(ben.page, false);
    const [again] = await Promise.all([
      ben.page.context().waitForEvent('page'),
      ben.page.getByRole('link', { name: /Register on the organiser’s site/ }).click(),
    ]);
    await again.close();
    await ben.page.waitForTimeout(1_500);
    expect(await ask.count()).toBe(0);
    await setVisible(ben.page, true);
    await ask.waitFor();
    await ask.getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await ben.page.getByRole('button', { name: 'Cancel registration' }).count()).toBe(0);
    expect(ben.errors).toEqual([]);
  });
});
