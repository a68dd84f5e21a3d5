import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';

/**
 * The console's Members area: an organiser invites an address from a CSV file and the invited
 * person joins from the mail; a member signed in elsewhere is blocked and is out at once.
 * Each journey makes its own people (parallel-safe).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Signs the demo operator in to the console and opens the Members area of the `demo` app. */
async function openMembers(page: Page) {
  await page.goto('/console/login');
  await page.getByLabel('E-mail').fill('admin@demo.test');
  await page.getByLabel('Password').fill('demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/console$/);
  const table = page.getByRole('table', { name: 'Apps' });
  await table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'demo', exact: true }) })
    .getByRole('link')
    .click();
  await page.waitForURL(/\/console\/apps\/\d+$/);
  await page.getByRole('navigation', { name: 'App areas' }).getByRole('link', { name: 'Members' }).click();
  await page.waitForURL(/\/console\/apps\/\d+\/members$/);
  await page.getByRole('table', { name: 'Members' }).waitFor();
}

describe('console members', () => {
  it('invites an address from a CSV file; the person opens the mail, sets a password and is in the app', async () => {
    const email = uniqueEmail('csv');
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openMembers(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import members from a CSV file' }).waitFor();
    // A bad row first: its line and column are shown, and the import stays off.
    await page.getByLabel('CSV file (at most 2 MB)').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email,first_name,last_name\n${email},Ines,Invited\nnot-an-address,Bad,Row\n`),
    });
    const errorsTable = page.getByRole('table', { name: 'Errors' });
    await errorsTable.getByRole('row').filter({ hasText: 'Not a valid e-mail address' }).getByRole('cell', { name: '3' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import 1 member' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Choose another file' }).click();
    await page.getByLabel('CSV file (at most 2 MB)').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email,first_name,last_name,company\n${email},Ines,Invited,Acme\n`),
    });
    await page.getByText('1 new member will be invited').waitFor();
    await page.getByRole('table', { name: 'Members to invite' }).getByRole('cell', { name: email }).waitFor();
    await page.getByRole('button', { name: 'Import 1 member' }).click();
    await page.getByText('1 member imported; the invitation is on its way.').waitFor();
    await page.waitForURL(/\/members\?status=invited$/);
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'Ines Invited' }).waitFor();

    // The invitation mail, from the local outbox; its link opens the attendee app.
    const mail = await latestMail(email);
    expect(mail.link).toContain('/login/confirmInvite?token=');
    const invited = await openPage(browser, PHONE);
    await invited.page.goto(mail.link.replace(/^https?:\/\/[^/]+/, baseURL()));
    await invited.page.getByLabel('New password', { exact: true }).fill('Joined-pass1!');
    await invited.page.getByLabel('Repeat new password', { exact: true }).fill('Joined-pass1!');
    await invited.page.getByRole('button', { name: 'Save password and continue' }).click();
    await invited.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await invited.page.evaluate(() => localStorage.getItem('demo:access_token'))).toBeTruthy();
    expect(invited.errors).toEqual([]);
    await invited.context.close();

    // In the console the member is active now.
    await page.goto(`${new URL(page.url()).pathname}?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: 'Ines Invited' });
    await row.getByText('Active').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blocks a member signed in elsewhere: their session ends at once and they cannot sign in again', async () => {
    const email = uniqueEmail('block');
    const { token } = await newConfirmedUser(email);
    const attendee = await openPage(browser, PHONE);
    await signInAs(attendee.page, email, 'demo', 'secret-123!');
    await attendee.page.goto('/');
    await attendee.page.locator('main').first().waitFor();

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openMembers(page);
    await page.getByLabel('Search', { exact: true }).fill(email);
    const link = page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'Test Person' });
    await link.waitFor();
    await link.click();
    const panel = page.getByRole('complementary', { name: 'Test Person' });
    await panel.getByText(email).waitFor();
    await panel.getByRole('button', { name: 'Block' }).click();
    // Destructive: it asks first, Cancel has the focus.
    const dialog = page.getByRole('dialog', { name: 'Block Test Person?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Block' }).click();
    await page.getByText(`${email} is blocked`).waitFor();
    await panel.getByText('Blocked', { exact: true }).waitFor();

    // Their token is refused at once, and the open app finds itself signed out.
    const me = await fetch(`${baseURL()}/user/profile`, { headers: { 'access-token': token } });
    expect(me.status).toBe(401);
    await attendee.page.reload();
    await attendee.page.waitForURL(/\/login/);
    // The app drops the refused token and loads again: read once it has settled.
    await expect.poll(() => attendee.page.evaluate(() => localStorage.getItem('demo:access_token')).catch(() => 'navigating')).toBeNull();

    // Signing in again is refused with the organisers' reason.
    await attendee.page.goto('/login/email');
    await attendee.page.getByLabel('E-mail').fill(email);
    await attendee.page.getByRole('button', { name: 'Continue' }).click();
    await attendee.page.waitForURL('**/login/auth-finish');
    await attendee.page.getByLabel('Password', { exact: true }).fill('secret-123!');
    await attendee.page.getByRole('button', { name: 'Sign in' }).click();
    await attendee.page.getByText('This account has been blocked by the organisers.').waitFor();
    expect(attendee.errors).toEqual([]);
    await attendee.context.close();

    // Unblocked, the member may come back.
    await panel.getByRole('button', { name: 'Unblock' }).click();
    await page.getByText(`${email} can sign in again`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
