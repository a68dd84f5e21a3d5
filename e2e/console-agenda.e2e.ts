import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { openDemoArea } from './lib/console.ts';
import { authed, type MenuItem } from './lib/shell.ts';

/**
 * The console's Agenda area (issue 25): an organiser builds a small programme (a track, two rooms,
 * a speaker, a session) in the demo app's agenda, then moves the session to the other room in the
 * grid with the keyboard while an attendee has the session open in another browser: it moves there
 * without a reload. Everything it made is deleted at the end (the other agenda journeys read the
 * demo's agenda); its names carry a unique tag.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Signs the demo operator in to the console and opens the Agenda area of the `demo` app. */
async function openAgenda(page: Page) {
  await openDemoArea(page, 'Agenda', 'agenda');
  await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
}

/** `datetime-local`'s value of a time today (the browser's zone). */
function todayAt(h: number, m = 0) {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(h)}:${p(m)}`;
}

describe('console agenda', () => {
  it('builds a small programme and moves a session to another room while an attendee watches it move', async () => {
    const tag = `${Date.now() % 1_000_000}`;
    const track = `E2E track ${tag}`;
    const roomA = `E2E hall A ${tag}`;
    const roomB = `E2E hall B ${tag}`;
    const speaker = `E2E speaker ${tag}`;
    const title = `E2E session ${tag}`;
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openAgenda(page);
    const tabs = page.getByRole('tablist', { name: 'Parts of the agenda' });

    // A track, two rooms and a speaker.
    await tabs.getByRole('tab', { name: 'Tracks' }).click();
    await page.getByRole('button', { name: 'New track' }).click();
    await page.getByLabel('Name').fill(track);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Tracks' }).getByText(track).waitFor();

    await tabs.getByRole('tab', { name: 'Rooms' }).click();
    for (const room of [roomA, roomB]) {
      await page.getByRole('button', { name: 'New room' }).click();
      await page.getByLabel('Name').fill(room);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('table', { name: 'Rooms' }).getByText(room).waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);

    await tabs.getByRole('tab', { name: 'Speakers' }).click();
    await page.getByRole('button', { name: 'New speaker' }).click();
    await page.getByLabel('Name').fill(speaker);
    await page.getByLabel('Biography').fill('<p>Speaks about <b>tests</b></p>');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Speakers' }).getByText(speaker).waitFor();

    // The session, with a bad end first: the server's message stands beside the field.
    await tabs.getByRole('tab', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Starts').fill(todayAt(22, 0));
    await page.getByLabel('Ends').fill(todayAt(21, 0));
    await page.getByLabel('Track').selectOption({ label: track });
    await page.getByLabel('Room').selectOption({ label: roomA });
    await page.getByLabel(speaker).check();
    await page.getByLabel('Draft').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The end must come after the start.').waitFor();
    await page.getByLabel('Ends').fill(todayAt(22, 45));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Sessions' }).getByText(title).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // An attendee opens the session in another browser.
    const attendee = await openPage(browser, PHONE);
    await signInAs(attendee.page, 'anna@demo.test');
    await attendee.page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
    const { menu } = await authed<{ menu: MenuItem[] }>(attendee.page, 'demo', '/user/app-menu');
    const agenda = menu.find((i) => i.type === 'agenda');
    if (!agenda) throw new Error('no agenda module');
    const found = await authed<Array<{ id: number; title: string }>>(
      attendee.page,
      'demo',
      `/agenda/${agenda.app_module_id}/sessions?search=${encodeURIComponent(tag)}`,
    );
    const session = found.find((s) => s.title === title);
    if (!session) throw new Error('the attendee does not see the published session');
    await attendee.page.goto(`/agenda/${agenda.app_module_id}/${session.id}`);
    await attendee.page.getByRole('heading', { name: title }).waitFor();
    await attendee.page.getByText(roomA).waitFor();

    // In the grid: the session's button, moved one room to the right with the keyboard, Enter saves.
    await tabs.getByRole('tab', { name: 'Grid' }).click();
    const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date());
    const dayTab = page.getByRole('tablist', { name: 'Days' }).getByRole('tab', { name: day });
    await dayTab.click();
    const slot = page.getByRole('button', { name: title });
    await slot.waitFor();
    expect(await slot.textContent()).toContain(roomA);
    await slot.focus();
    await page.keyboard.press('ArrowRight');
    expect(await slot.textContent()).toContain(roomB);
    await page.keyboard.press('Enter');
    await page.getByText(`Moved: ${title}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The attendee's open screen follows without a reload.
    await attendee.page.getByText(roomB).waitFor();
    expect(await attendee.page.getByText(roomA).count()).toBe(0);
    expect(attendee.errors).toEqual([]);
    await attendee.context.close();

    // Clean up through the console: each delete asks first.
    await tabs.getByRole('tab', { name: 'Sessions' }).click();
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${title}?` });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('table', { name: 'Sessions' }).getByText(title).waitFor({ state: 'detached' });
    for (const [tab, name] of [
      ['Speakers', speaker],
      ['Rooms', roomA],
      ['Rooms', roomB],
      ['Tracks', track],
    ] as const) {
      await tabs.getByRole('tab', { name: tab }).click();
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page
        .getByRole('dialog', { name: `Delete ${name}?` })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByRole('table', { name: tab }).getByText(name).waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
