import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { openDemoApp } from './lib/console.ts';
import { authed, type MenuItem } from './lib/shell.ts';

/**
 * The console's agenda import: an organiser imports a generated 200-session CSV into a new agenda
 * module of the demo app, sees the preview (200 sessions to create, an error of a broken file with
 * its line and column), confirms, and an attendee's open agenda shows the sessions without a
 * reload. The module is made for the journey and removed after it (other journeys read the demo's
 * own agenda).
 */
let browser: Browser;
let appId = 0;
let moduleId = 0;
let consoleToken = '';
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  if (moduleId && consoleToken)
    await fetch(`${baseURL()}/console/api/apps/${appId}/menu/${moduleId}`, { method: 'DELETE', headers: { 'access-token': consoleToken } });
  await browser.close();
});

async function signInToConsole(page: Page) {
  appId = await openDemoApp(page);
  consoleToken = (await page.evaluate(() => localStorage.getItem('console_token'))) ?? '';
}

/** 200 sessions today (UTC), 20 rooms × 10 slots of 40 minutes from 08:00. */
function generatedCsv(day: string): string {
  let csv = 'id,title,description,date,start,end,time_zone,track,room,speakers,speaker_ids\n';
  for (let i = 0; i < 200; i++) {
    const slot = Math.floor(i / 20);
    const minutes = 8 * 60 + slot * 45;
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    csv += `gen-${i + 1},Imported session ${i + 1},About ${i + 1},${day},${hhmm(minutes)},${hhmm(minutes + 40)},UTC,Track ${(i % 4) + 1},Room ${(i % 20) + 1},Speaker ${(i % 50) + 1},sp-${(i % 50) + 1}\n`;
  }
  return csv;
}

describe('console agenda import', () => {
  it('imports a 200-session CSV with a preview; an attendee’s open agenda shows it without a reload', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await signInToConsole(page);
    const made = await fetch(`${baseURL()}/console/api/apps/${appId}/menu`, {
      method: 'POST',
      headers: { 'access-token': consoleToken, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'agenda', name: `Imported ${Date.now()}` }),
    });
    expect(made.status).toBe(200);
    moduleId = ((await made.json()) as { id: number }).id;

    // The attendee opens the new agenda first: it is empty.
    const attendee = await openPage(browser, PHONE);
    await signInAs(attendee.page, 'anna@demo.test');
    await attendee.page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
    const { menu } = await authed<{ menu: MenuItem[] }>(attendee.page, 'demo', '/user/app-menu');
    const item = menu.find((m) => m.app_module_id === moduleId);
    if (!item) throw new Error('the new agenda is not in the menu');
    await attendee.page.goto(item.url);
    await attendee.page.waitForLoadState('networkidle');
    expect(await attendee.page.getByRole('link', { name: 'Imported session 1', exact: true }).count()).toBe(0);

    await page.goto(`/console/apps/${appId}/agenda-import?module=${moduleId}`);
    await page.getByRole('heading', { level: 1, name: 'Agenda import and export' }).waitFor();
    await page.getByLabel('Time zone of the times in the file').fill('UTC');
    expect(await seriousViolations(page)).toEqual([]);

    // A broken file: the problem with its line and column, and no import.
    await page.getByLabel('File to import').setInputFiles({
      name: 'agenda.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,title,date,start,end\nx1,Broken,2030-05-14,10:00,09:00\n'),
    });
    const problems = page.getByRole('table', { name: 'Problems in the file' });
    await problems
      .getByRole('row')
      .filter({ hasText: 'The end must be after the start' })
      .getByRole('cell', { name: '2', exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);

    const day = new Date().toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await page
      .getByLabel('File to import')
      .setInputFiles({ name: 'agenda.csv', mimeType: 'text/csv', buffer: Buffer.from(generatedCsv(day)) });
    const summary = page.getByRole('table', { name: 'Summary' });
    await summary.getByRole('row').filter({ hasText: 'Sessions' }).getByRole('cell', { name: '200', exact: true }).waitFor();
    await summary.getByRole('row').filter({ hasText: 'Rooms' }).getByRole('cell', { name: '20', exact: true }).waitFor();
    await page.getByText('CSV', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported: 200 sessions and 50 speakers created, changed or removed').waitFor();

    // The attendee's open agenda follows (the agendaChanged event), no reload.
    await attendee.page
      .getByRole('link', { name: /^Imported session 1\b/ })
      .first()
      .waitFor({ timeout: 15_000 });

    // The same file again: nothing to import.
    await page
      .getByLabel('File to import')
      .setInputFiles({ name: 'agenda.csv', mimeType: 'text/csv', buffer: Buffer.from(generatedCsv(day)) });
    await page.getByText('The agenda already matches this file: nothing to import.').waitFor();

    // A 390 px console page: nothing wider than the screen.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    expect(attendee.errors).toEqual([]);
  });
});
