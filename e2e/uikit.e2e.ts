import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, rewritePageMeta, seriousViolations } from './lib/browser.ts';
import { signIn } from './lib/shell.ts';

// The developer UI kit (/dev/uikit/*): every page renders its widgets in the light and the dark theme
// with the dev flag (the e2e server runs outside production), axe finds nothing serious, and the
// routes do not exist without the flag. Static demo data only; writes nothing on the server.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const THEMES = ['light', 'dark'] as const;

/** Opens a kit page in a theme and waits for its title. */
async function kit(page: Page, path: string, theme: (typeof THEMES)[number], title: string) {
  await page.goto(`${path}?theme=${theme}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

describe('developer UI kit', () => {
  it('shows every widget of ui/ in its states, light and dark, with a working theme switch', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const previews: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/pwa/get-url-preview')) previews.push(r.url());
    });
    await signIn(page);

    await kit(page, '/dev/uikit', 'light', 'UI kit');
    const pages = page.getByRole('navigation', { name: 'UI kit pages' }).getByRole('link');
    expect(await pages.allTextContents()).toEqual(['UI kit', 'Components', 'Header', 'Footer', 'Loaders', 'Sandbox']);
    // The switch changes the whole document's theme and keeps it in the address.
    await page.getByRole('radio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(new URL(page.url()).searchParams.get('theme')).toBe('dark');
    await page
      .getByRole('link', { name: /^Components/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Components', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('theme')).toBe('dark');

    for (const theme of THEMES) {
      await kit(page, '/dev/uikit/components', theme, 'Components');
      const section = (id: string) => page.locator(`[data-kit="${id}"]`);
      expect(await section('buttons').getByRole('button', { name: 'Primary', exact: true }).count()).toBe(2);
      expect(await section('buttons').getByRole('button', { name: 'Saving' }).isDisabled()).toBe(true);
      const email = section('text-field').getByRole('textbox', { name: 'E-mail' });
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      await section('text-field').getByText('Enter a valid e-mail address.').waitFor();
      expect(await section('text-field').getByRole('textbox', { name: 'Company' }).isDisabled()).toBe(true);
      await section('search-field').getByRole('searchbox', { name: 'Search the programme' }).waitFor();
      await section('number-input').getByText('At most 200 guests.').waitFor();
      expect(await section('empty-state').locator('.empty-state').count()).toBe(4);
      expect(await section('speaker-list').getByRole('link').count()).toBe(3);
      await section('poll-view').getByText('Which session should we record?').first().waitFor();
      await section('rich-content').getByRole('heading', { name: 'Heading 2: Harbour Congress Centre', level: 2 }).waitFor();
      expect(
        await section('rich-content').locator('table, blockquote, hr, aside.warning, a.link-card, figure').count(),
      ).toBeGreaterThanOrEqual(8);
      // The editor is its own chunk, loaded by the page.
      await section('rich-editor').getByRole('toolbar').first().waitFor();
      await section('rich-editor').getByRole('textbox', { name: 'Post text', exact: true }).waitFor();
      await section('link-preview').getByText('Plan your visit – Harbour Congress Centre').waitFor();
      expect(await section('attachments').getByRole('link').count()).toBeGreaterThanOrEqual(4);
      expect(
        await section('attachment-chips')
          .getByRole('button', { name: /^Remove / })
          .count(),
      ).toBe(4);
      expect(await section('icons').getByRole('listitem').count()).toBe(47);
      await section('session-calendar')
        .getByRole('table', { name: /^Agenda, / })
        .waitFor();
      expect(await seriousViolations(page), `components, ${theme}`).toEqual([]);
    }

    // Overlays open and close: dialog, curtain with its tabs, actions menu.
    await page.getByRole('button', { name: 'Open the dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the group?' });
    await dialog.waitFor();
    expect(await seriousViolations(page), 'dialog, dark').toEqual([]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open the curtain' }).click();
    const curtain = page.getByRole('dialog', { name: 'Schedule a meeting' });
    await curtain.getByRole('button', { name: 'Send the request' }).click();
    await curtain.getByText('The request was sent (second tab).').waitFor();
    await curtain.getByRole('button', { name: 'Done' }).click();
    await curtain.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByText('Chosen: Edit').waitFor();
    expect(previews, 'the link preview comes from the kit, not the server').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the shell header and footer variants, the loaders and the sandbox on a phone, light and dark', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page);
    for (const theme of THEMES) {
      await kit(page, '/dev/uikit/header', theme, 'Header');
      const headers = page.locator('.uikit .app-header');
      expect(await headers.count()).toBe(7);
      await headers.nth(0).getByText('Agenda', { exact: true }).waitFor();
      const menuButton = headers.nth(2).getByRole('button', { name: 'Open menu' });
      expect(await menuButton.isDisabled()).toBe(false);
      expect(await headers.nth(3).getByRole('button', { name: 'Open menu' }).isDisabled()).toBe(true);
      expect(await seriousViolations(page), `header, ${theme}`).toEqual([]);

      await kit(page, '/dev/uikit/footer', theme, 'Footer');
      const footers = page.locator('.uikit .app-footer');
      expect(await footers.count()).toBe(4);
      expect(await footers.nth(0).getByRole('link').count()).toBe(3);
      expect(await footers.nth(1).getByRole('link').count()).toBe(5);
      // 8 entries: 4 and Menu, which opens the rest.
      expect(await footers.nth(2).getByRole('link').count()).toBe(4);
      await footers.nth(2).getByRole('button', { name: 'Menu' }).click();
      await page.locator('#footer-more-panel').getByRole('link', { name: 'Settings' }).waitFor();
      expect(await seriousViolations(page), `footer with its panel, ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');

      await kit(page, '/dev/uikit/loaders', theme, 'Loaders');
      await page.getByRole('status').filter({ hasText: 'Loading the programme' }).waitFor();
      expect(await page.locator('.uikit .skeleton').count()).toBeGreaterThanOrEqual(6);
      expect(await page.getByRole('button', { name: 'Saving' }).isDisabled()).toBe(true);
      expect(await seriousViolations(page), `loaders, ${theme}`).toEqual([]);

      await kit(page, '/dev/uikit/sandbox', theme, 'Sandbox');
      await page.getByRole('textbox', { name: 'Label' }).fill('Book a table');
      await page.locator('[data-kit="result"]').getByRole('button', { name: 'Book a table' }).waitFor();
      await page.getByRole('checkbox', { name: 'Error' }).check();
      await page.getByText('Something is wrong with this value.').waitFor();
      await page.getByRole('checkbox', { name: 'Disabled' }).check();
      expect(await page.locator('[data-kit="result"]').getByRole('button', { name: 'Book a table' }).isDisabled()).toBe(true);
      expect(await seriousViolations(page), `sandbox, ${theme}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not exist without the dev flag', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await rewritePageMeta(page, (meta) => ({ ...meta, dev: false }));
    await signIn(page);
    for (const path of ['/dev/uikit', '/dev/uikit/components', '/dev/uikit/sandbox']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Whoops', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'UI kit pages' }).count()).toBe(0);
      expect(await page.locator('.uikit').count()).toBe(0);
    }
    // No kit chunk was fetched.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(scripts.filter((s) => /uikit|components-page|sandbox-page/.test(s))).toEqual([]);
    await context.close();
  });
});
