import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, patchAppConfig, seriousViolations } from './lib/browser.ts';

const DEMO_PASSWORD = 'demo1234!';
const PROFILE_EDIT = /\/profile\/\d+\/edit$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-key': 'demo', ...headers },
    body: JSON.stringify(body),
  });
}

interface OutboxMail {
  to: string;
  link: string;
}

/** The newest link of a mail to `to` that opens `page` (confirmEmail, resetPassword), from the server's local outbox. */
async function mailLink(to: string, page: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await (await fetch(`${baseURL()}/dev/outbox.json`)).json()) as OutboxMail[];
    const hit = mails.find((m) => m.to === to && m.link.includes(`/login/${page}?`));
    if (hit) return hit.link;
    await sleep(200);
  }
  throw new Error(`no ${page} mail to ${to}`);
}

/** A confirmed account of its own, so changing its password cannot disturb other journeys. */
async function createConfirmedUser(email: string, password: string) {
  const res = await call('/auth/register', { email, first_name: 'Rita', last_name: 'Reset', password, consent: true });
  expect(res.status).toBe(201);
  const token = new URL(await mailLink(email, 'confirmEmail')).searchParams.get('token');
  expect((await call('/auth/confirm-email', { token })).status).toBe(200);
}

/** The url of a module of the demo app, read from anna's menu. */
async function moduleUrl(type: string): Promise<string> {
  const { access_token } = (await (await call('/auth/login', { email: 'anna@demo.test', password: DEMO_PASSWORD })).json()) as {
    access_token: string;
  };
  const res = await fetch(`${baseURL()}/user/app-menu`, { headers: { 'app-key': 'demo', 'access-token': access_token } });
  const { menu } = (await res.json()) as { menu: Array<{ type: string; url: string }> };
  const entry = menu.find((m) => m.type === type);
  if (!entry) throw new Error(`no ${type} module`);
  return entry.url;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const passwordInput = (page: Page) => page.getByLabel('Password', { exact: true });

/** The e-mail step: from the login home to the next step. */
async function enterEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with e-mail' }).click();
  await page.waitForURL('**/login/email');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Text of the element(s) an input names in aria-describedby. */
async function description(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const ids = document.querySelector(sel)?.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  }, selector);
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName);

describe('auth flow', () => {
  it('signs up, confirms the e-mail from the mail link and completes the forced profile and lands on the first module', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    const email = uniqueEmail('signup');
    await enterEmail(page, email);
    await page.waitForURL('**/login/finish');
    await heading(page, 'Create your account').waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Newcomer');
    await passwordInput(page).fill('Welcome-2026');
    await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy and Terms of Use' }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.waitForURL('**/login/checkMail');
    await heading(page, 'Check your mailbox').waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to sign in' }).count()).toBe(1);

    await page.goto(await mailLink(email, 'confirmEmail'));
    await page.waitForURL(PROFILE_EDIT);
    await page.getByText('Email address confirmed!').waitFor();
    await page.locator('h1').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('demo:access_token'))).toBeTruthy();

    // The names from sign-up are there; the job title completes the profile and the app opens.
    expect(await page.getByLabel('First name').inputValue()).toBe('Nora');
    await page.getByLabel('Job title').fill('Founder');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const firstModule = await moduleUrl('news');
    await page.waitForURL((url) => url.pathname === firstModule);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a logged-out deep link to the login and back there after the e-mail and password steps', async () => {
    const newsUrl = await moduleUrl('news');
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await page.goto(newsUrl);
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Continue with e-mail' }).click();
    await page.getByLabel('E-mail').fill('anna@demo.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/login/auth-finish');
    await heading(page, 'Enter your password').waitFor();
    await page.getByText('anna@demo.test').waitFor();
    await passwordInput(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === newsUrl);
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a logged-out deep link through sign-in and the forced profile completion, then opens it', async () => {
    const email = uniqueEmail('deeplink');
    // A confirmed account whose profile still lacks a job title (password of the accounts helper).
    await newConfirmedUser(email);
    const activityUrl = await moduleUrl('activity');
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await page.goto(activityUrl);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBe(activityUrl);
    await page.getByRole('link', { name: 'Continue with e-mail' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/login/auth-finish');
    await passwordInput(page).fill('secret-123!');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Signing in leads to the forced profile edit, and the deep link is still remembered.
    await page.waitForURL(PROFILE_EDIT);
    await heading(page, 'Complete your profile').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBe(activityUrl);
    await page.getByLabel('Job title').fill('Researcher');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === activityUrl);
    await page.locator('#main .activity-item').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBeNull();
    // The saved completion holds: the page stays, no bounce back to the edit page.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(activityUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not remember a deep link that would leave the app', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    // The path of this url is "//evil.example/phish": as a return url it would open another site.
    await page.goto(`${baseURL()}//evil.example/phish`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('demo:return_url'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "Your Email or Password is incorrect" under the password field for a wrong password', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await enterEmail(page, 'anna@demo.test');
    await page.waitForURL('**/login/auth-finish');
    await passwordInput(page).fill('not-the-password1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Your Email or Password is incorrect').waitFor();
    expect(await passwordInput(page).getAttribute('aria-invalid')).toBe('true');
    expect(await description(page, 'input[name="password"]')).toContain('Your Email or Password is incorrect');
    expect(await focusedName(page)).toBe('password');
    expect(page.url()).toMatch(/\/login\/auth-finish$/);
    // Typing again clears the message.
    await passwordInput(page).fill('x');
    expect(await page.getByText('Your Email or Password is incorrect').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the mail link, signs in with it, and a reused link ends on the error page', async () => {
    const email = uniqueEmail('reset');
    await createConfirmedUser(email, 'First-pass1');
    const { page, errors, context } = await openPage(browser, PHONE);
    await enterEmail(page, email);
    await page.waitForURL('**/login/auth-finish');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/login/forgot-password');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await heading(page, 'Reset link sent').waitFor();
    expect(page.url()).toMatch(/\/login\/forgot-password$/);

    const link = await mailLink(email, 'resetPassword');
    await page.goto(link);
    await heading(page, 'Choose a new password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Second-pass2');
    await page.getByLabel('Repeat new password', { exact: true }).fill('Second-pass3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Repeat new password', { exact: true }).fill('Second-pass2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/login/resetPassword/success');
    await heading(page, 'Password changed!').waitFor();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login/email');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/login/auth-finish');
    await passwordInput(page).fill('Second-pass2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A new account's profile is incomplete, so signing in ends on the forced profile edit.
    await page.waitForURL(PROFILE_EDIT);
    expect(errors).toEqual([]);
    await context.close();

    const second = await openPage(browser, PHONE);
    // The used link is checked when it opens: its error page comes before any password is typed.
    await second.page.goto(link);
    await second.page.waitForURL('**/login/resetPassword/error');
    expect(await second.page.getByLabel('New password', { exact: true }).count()).toBe(0);
    // The server's reason opens in the popup dialog; closing it leaves the error page.
    await second.page.getByRole('dialog').getByText('This link has expired or was already used').waitFor();
    await second.page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await heading(second.page, 'Error!').waitFor();
    await second.page.getByText('Something went wrong trying to reset your password! Try again later.').waitFor();
    await second.page.getByRole('link', { name: 'Back to login' }).click();
    await second.page.waitForURL('**/login');
    // The old password no longer works; the new one does.
    expect((await call('/auth/login', { email, password: 'First-pass1' })).status).toBe(422);
    expect((await call('/auth/login', { email, password: 'Second-pass2' })).status).toBe(200);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it('validates the finish-sign-up form with the shared schema, loaded only at the first submit', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(res.url());
    });
    const registerCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/auth/register')) registerCalls.push(req.url());
    });
    const loadsZod = async (urls: string[]) => {
      for (const url of urls) if ((await (await fetch(url)).text()).includes('ZodError')) return true;
      return false;
    };

    await page.goto('/login');
    await heading(page, 'Join Open Summit 2026').waitFor();
    expect(await loadsZod(scripts)).toBe(false);

    await page.goto('/login/finish');
    await heading(page, 'Create your account').waitFor();
    const beforeSubmit = [...scripts];
    expect(await loadsZod(beforeSubmit)).toBe(false);
    await page.getByLabel('E-mail').fill(uniqueEmail('validation'));
    await passwordInput(page).fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.getByText("First Name can't be empty!").waitFor();
    await page.getByText("Last Name can't be empty!").waitFor();
    await page.getByText('Password is too short! Recommended: at least 8 characters, 1 number, 1 special symbol.').waitFor();
    await page.getByText('Please accept the Privacy Policy and Terms of Use').waitFor();
    expect(await focusedName(page)).toBe('first_name');
    expect(await description(page, 'input[name="last_name"]')).toBe("Last Name can't be empty!");
    expect(await loadsZod(scripts.filter((s) => !beforeSubmit.includes(s)))).toBe(true);

    // Long enough but without a digit and a symbol.
    await passwordInput(page).fill('abcdefgh');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Your password is not strong enough.').waitFor();
    // The show/hide toggle reveals the password.
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await passwordInput(page).getAttribute('type')).toBe('text');
    expect(registerCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violation on the auth pages, light and dark', async () => {
    const pages = ['/login', '/login/email', '/login/finish', '/login/auth-finish', '/login/forgot-password', '/login/checkMail'];
    for (const [viewport, app] of [
      [PHONE, 'demo'],
      [DESKTOP, 'demo-dark'],
    ] as const) {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto(`/healthz`);
      await page.evaluate((k) => {
        localStorage.setItem(`${k}:auth_email`, 'anna@demo.test');
        localStorage.setItem(`${k}:registration_email`, 'nora@example.test');
      }, app);
      for (const path of pages) {
        await page.goto(`${path}?app=${app}`);
        await page.waitForURL((url) => url.pathname === path);
        await page.locator('h1').waitFor();
        expect(await page.locator('h1').count(), path).toBe(1);
        expect(await seriousViolations(page), `${app} ${path}`).toEqual([]);
      }
      // Also with field errors showing.
      await page.goto(`/login/finish?app=${app}`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText("First Name can't be empty!").waitFor();
      expect(await seriousViolations(page), `${app} /login/finish with errors`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('hides the sign-up path of an invite-only app and explains a dead invitation link', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    // The demo apps allow open sign-up; this visit sees the app as invite-only.
    await patchAppConfig(page, () => ({ signup_mode: 'invite' }));
    await page.goto('/login');
    await page.getByText('Sign in with the e-mail address your invitation was sent to.').waitFor();
    await page.getByRole('link', { name: 'Continue with e-mail' }).click();
    await page.getByLabel('E-mail').fill(uniqueEmail('invite'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('Sign-up is by invitation only. Please contact the app owner').waitFor();
    expect(page.url()).toMatch(/\/login\/email$/);

    await page.goto('/login/finish');
    await heading(page, 'Sign-up is by invitation only').waitFor();
    expect(await page.getByRole('button', { name: 'Sign up' }).count()).toBe(0);

    // A dead invitation is checked when the link opens: no password form, its explanation at once.
    await page.goto('/login/confirmInvite?token=not-a-real-invitation-token');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await heading(page, 'This invitation does not work').waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with the keyboard only', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    /** Presses Tab until the focused element matches, as a keyboard user would. */
    const tabTo = async (selector: string) => {
      for (let i = 0; i < 20; i++) {
        if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    await page.goto('/login');
    await heading(page, 'Join Open Summit 2026').waitFor();
    await tabTo('a[href="/login/email"]');
    // The focused control shows a visible focus ring.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login/email');
    await heading(page, 'Continue with e-mail').waitFor();
    // Single-field steps put the caret in their field on arrival.
    expect(await focusedName(page)).toBe('email');
    await tabTo('input[name="email"]');
    await page.keyboard.type('anna@demo.test');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login/auth-finish');
    await heading(page, 'Enter your password').waitFor();
    expect(await focusedName(page)).toBe('password');
    await tabTo('input[name="password"]');
    await page.keyboard.type(DEMO_PASSWORD);
    // Reveal the password with the toggle, then go back to the field and send the form.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show password');
    await page.keyboard.press('Space');
    expect(await passwordInput(page).getAttribute('type')).toBe('text');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await page.evaluate(() => localStorage.getItem('demo:access_token'))).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sign-in with a provider (the browser part)', () => {
  it('shows the configured providers as full page links to the server', async () => {
    const { page, context } = await openPage(browser, PHONE);
    // The app config is the server's; only its provider list is widened here.
    await patchAppConfig(page, () => ({ oauth_providers: ['google', 'linkedin'] }));
    await page.goto('/login');
    const google = page.getByRole('link', { name: 'Continue with Google' });
    await google.waitFor();
    expect(await google.getAttribute('href')).toBe('/auth/oauth/google?app=demo');
    expect(await google.getAttribute('rel')).toBe('external');
    expect(await page.getByRole('link', { name: 'Continue with LinkedIn' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('takes the session from the fragment the callback leaves, and drops it from the address bar', async () => {
    const res = await call('/auth/login', { email: 'anna@demo.test', password: DEMO_PASSWORD });
    const { access_token, user_id } = (await res.json()) as { access_token: string; user_id: number };
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await page.goto(`/login?app=demo#oauth_token=${encodeURIComponent(access_token)}&user_id=${user_id}`);
    const first = await moduleUrl('news');
    await page.waitForURL((url) => url.pathname === first);
    expect(page.url()).not.toContain('oauth_token');
    expect(await page.evaluate(() => localStorage.getItem('demo:access_token'))).toBe(access_token);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a failed provider sign-in', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/login#oauth_error=google');
    await page.getByRole('alert').filter({ hasText: 'Signing in with Google did not work' }).waitFor();
    expect(page.url()).not.toContain('oauth_error');
    await context.close();
  });
});
