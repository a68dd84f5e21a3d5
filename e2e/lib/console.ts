import type { Page } from 'playwright-core';

/** Fills the console's sign-in form (the page is at /console/login) and submits it. */
export async function fillConsoleSignIn(page: Page, email: string, password = 'demo1234!') {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** No sideways scrolling: the page is never wider than the window. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
