import type { Page } from 'playwright-core';

/** Fills the console's sign-in form (the page is at /console/login) and submits it. */
export async function fillConsoleSignIn(page: Page, email: string, password = 'demo1234!') {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs the operator (admin@demo.test) into the console and opens the dashboard of the `demo-dark` app. */
export async function openDarkAppDashboard(page: Page) {
  await page.goto('/console/login');
  await fillConsoleSignIn(page, 'admin@demo.test');
  await page.waitForURL(/\/console$/);
  await page.getByRole('table', { name: 'Apps' }).getByRole('row').filter({ hasText: 'demo-dark' }).getByRole('link').click();
  await page.waitForURL(/\/console\/apps\/\d+$/);
}

/** Signs the operator (admin@demo.test) into the console and opens the `demo` app's home; answers its id. */
export async function openDemoApp(page: Page): Promise<number> {
  await page.goto('/console/login');
  await fillConsoleSignIn(page, 'admin@demo.test');
  await page.waitForURL(/\/console$/);
  await page
    .getByRole('table', { name: 'Apps' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'demo', exact: true }) })
    .getByRole('link')
    .click();
  await page.waitForURL(/\/console\/apps\/\d+$/);
  return Number(/\/apps\/(\d+)$/.exec(page.url())?.[1]);
}

/** The `demo` app's area named `area` in the sidebar (exactly: "Agenda" is not "Agenda import and export"), at `path`. */
export async function openDemoArea(page: Page, area: string, path: string): Promise<void> {
  await openDemoApp(page);
  await page.getByRole('navigation', { name: 'App areas' }).getByRole('link', { name: area, exact: true }).click();
  await page.waitForURL(new RegExp(`/console/apps/\\d+/${path}`));
}

/** No sideways scrolling: the page is never wider than the window. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The elements that reach past the window's right edge (empty when the page fits): a failure names them. */
export const wideElements = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1)
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} ${Math.round(r.right)}`);
    }
    return document.documentElement.scrollWidth > width ? out.slice(0, 6) : [];
  });
