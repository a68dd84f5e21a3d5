import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { openDemoArea } from './lib/console.ts';
import { authed, type MenuItem } from './lib/shell.ts';

/**
 * The console's Catalog area: an organiser imports a small CSV (preview, then confirm) and an
 * attendee's open catalog shows the new exhibitor without a reload; the same file again changes
 * nothing. Names carry a stamp, so a retry or a parallel file sees nothing of another run.
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

describe('console catalog', () => {
  it('imports a small CSV after its preview; an attendee’s open catalog shows the item live; a second import changes nothing', async () => {
    const stamp = `${Date.now()}`.slice(-8);
    const word = `zeta${stamp}`;
    const attendee = await newAttendee();
    const catalog = attendee.menu.find((m) => m.type === 'catalog');
    if (!catalog) throw new Error('no catalog module');
    await attendee.page.goto(catalog.url);
    const search = attendee.page.getByRole('searchbox', { name: 'Search by name, category or booth' });
    await search.fill(word);
    await attendee.page
      .locator('.catalog-list a')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
    expect(await attendee.page.locator('.catalog-list a', { hasText: `Zeta${stamp} Labs` }).count()).toBe(0);

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openDemoArea(page, 'Catalog', 'catalog');
    await page.getByRole('table', { name: 'Items' }).waitFor();
    expect(await seriousViolations(page), 'catalog list').toEqual([]);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import items from a CSV file' }).waitFor();
    // A row with a formula first: its line and column are shown, and the import stays off.
    await page.getByLabel('CSV file').setInputFiles({
      name: 'items.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`id,name,category,booth\nE2E-${stamp},Zeta${stamp} Labs,Robotics,Z-1\nE2E-${stamp}-b,=SUM(1),X,Y\n`),
    });
    await page
      .getByRole('table', { name: 'Errors in the file' })
      .getByRole('row')
      .filter({ hasText: 'formula' })
      .getByRole('cell', { name: '3', exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Import now' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page), 'import preview').toEqual([]);

    await page.getByRole('button', { name: 'Choose another file' }).click();
    const file = {
      name: 'items.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `id,name,category,booth,contact_email\nE2E-${stamp},Zeta${stamp} Labs,Robotics,Z-1,hidden.${stamp}@example.test\n`,
      ),
    };
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByText('To create: 1').waitFor();
    await page
      .getByRole('table', { name: 'Rows of the file' })
      .getByRole('cell', { name: `Zeta${stamp} Labs` })
      .waitFor();
    await page.getByRole('button', { name: 'Import now' }).click();
    await page.getByText('Import finished: 1 created, 0 changed').waitFor();
    await page
      .getByRole('table', { name: 'Items' })
      .getByRole('button', { name: `Zeta${stamp} Labs`, exact: true })
      .waitFor();

    // The attendee's open search shows it without a reload, and never the contact.
    const row = attendee.page.locator('.catalog-list a', { hasText: `Zeta${stamp} Labs` });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await attendee.page.getByRole('heading', { name: `Zeta${stamp} Labs` }).waitFor();
    expect(await attendee.page.content()).not.toContain(`hidden.${stamp}@example.test`);

    // The same file again: nothing to create or change.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByText('Unchanged: 1').waitFor();
    expect(await page.getByRole('button', { name: 'Import now' }).isDisabled()).toBe(true);

    // Clean up: delete it, asking first.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.getByRole('searchbox', { name: 'Search items' }).fill(word);
    await page.getByRole('button', { name: `Delete: Zeta${stamp} Labs`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete item' }).click();
    await page.getByText('Item deleted').waitFor();
    expect(errors).toEqual([]);
    expect(attendee.errors).toEqual([]);
    await context.close();
    await attendee.context.close();
  });
});
