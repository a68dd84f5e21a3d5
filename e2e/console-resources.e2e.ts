import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { openDemoArea } from './lib/console.ts';
import { authed, type MenuItem } from './lib/shell.ts';

/**
 * The console's Resources area: an organiser makes a folder with two links, reorders them, hides
 * one and deletes the folder, while an attendee's open page follows each change without a reload.
 * Titles carry a stamp, so a retry or a parallel file sees nothing of another run.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Anna, a demo member who only reads here, signed in on a phone, with the app's menu. */
async function newAttendee() {
  const { page, context, errors } = await openPage(browser, PHONE);
  await signInAs(page, 'anna@demo.test');
  await page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  return { page, context, errors, menu };
}

async function addLink(page: Page, folder: string, title: string, url: string) {
  await page.getByRole('button', { name: 'Add a link' }).first().click();
  const form = page.locator('.res-editor');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill(`About ${title}`);
  await form.getByLabel('Address (https)').fill(url);
  await form.getByLabel('Folder').selectOption({ label: folder });
  await form.getByRole('button', { name: 'Add' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('console resources', () => {
  it('makes a folder and links, reorders and hides them; an attendee’s open page follows live', async () => {
    const stamp = `${Date.now()}`.slice(-8);
    const folder = `E2E folder ${stamp}`;
    const alpha = `Alpha ${stamp}`;
    const beta = `Beta ${stamp}`;
    const attendee = await newAttendee();
    const mod = attendee.menu.find((m) => m.type === 'resources');
    if (!mod) throw new Error('no resources module');
    await attendee.page.goto(mod.url);
    await attendee.page.getByRole('link', { name: 'Slides', exact: true }).waitFor();

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openDemoArea(page, 'Resources', 'resources');
    await page.getByRole('list', { name: 'Contents of Top level' }).waitFor();
    expect(await seriousViolations(page), 'resources area').toEqual([]);

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.locator('.res-editor').getByLabel('Title').fill(folder);
    await page.locator('.res-editor').getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: `Delete: ${folder}`, exact: true }).waitFor();
    // The attendee's root shows the new folder live, and opens it.
    await attendee.page.getByRole('link', { name: folder, exact: true }).click();
    await attendee.page.getByRole('heading', { level: 1, name: folder }).waitFor();

    await addLink(page, folder, alpha, 'https://alpha.example/');
    await addLink(page, folder, beta, 'https://beta.example/');
    const inFolder = page.getByRole('list', { name: `Contents of ${folder}` });
    await inFolder.getByText(beta, { exact: true }).waitFor();
    const titles = () => attendee.page.locator('.resources-row-title').allInnerTexts();
    // Newest first until someone orders them; the description shows under the title.
    await expect.poll(titles, { timeout: 15_000 }).toEqual([beta, alpha]);
    await attendee.page.getByText(`About ${alpha}`).waitFor();

    await page.getByRole('button', { name: `Move down: ${beta}`, exact: true }).click();
    await expect.poll(titles, { timeout: 15_000 }).toEqual([alpha, beta]);
    expect(await page.getByRole('button', { name: `Move up: ${alpha}`, exact: true }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: `Hide: ${alpha}`, exact: true }).click();
    await page.getByRole('button', { name: `Show: ${alpha}`, exact: true }).waitFor();
    await expect.poll(titles, { timeout: 15_000 }).toEqual([beta]);
    expect(await seriousViolations(page), 'resources area with a folder').toEqual([]);

    // Deleting the folder says its contents go with it.
    await page.getByRole('button', { name: `Delete: ${folder}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The folder and everything in it are deleted (items inside: 2).').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: `Delete: ${folder}`, exact: true }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
    await attendee.context.close();
  });
});
