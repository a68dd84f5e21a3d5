// Screenshots for looking at the app: node scripts/shot.mjs URL OUT.png [width] [--login email] [--dark]
// A URL under /console signs in to the organiser console instead (--login admin@demo.test).
import { chromium } from 'playwright-core';

const [url, out, widthArg] = process.argv.slice(2);
const width = Number(widthArg ?? 390);
const loginIdx = process.argv.indexOf('--login');
const email = loginIdx > 0 ? process.argv[loginIdx + 1] : undefined;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ],
});
const page = await browser.newPage({
  viewport: { width, height: width < 700 ? 844 : 900 },
  colorScheme: process.argv.includes('--dark') ? 'dark' : 'light',
});
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
if (email && new URL(url).pathname.startsWith('/console')) {
  const origin = new URL(url).origin;
  const res = await fetch(`${origin}/console/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234!' }),
  });
  const { access_token } = await res.json();
  await page.goto(`${origin}/healthz`);
  await page.evaluate((t) => localStorage.setItem('console_token', t), access_token);
} else if (email) {
  const origin = new URL(url).origin;
  const appKey = new URL(url).searchParams.get('app') ?? 'demo';
  const res = await fetch(`${origin}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-key': appKey },
    body: JSON.stringify({ email, password: 'demo1234!' }),
  });
  const { access_token, user_id } = await res.json();
  await page.goto(`${origin}/healthz`);
  await page.evaluate(
    ([k, t, u]) => {
      localStorage.setItem(`${k}:access_token`, t);
      localStorage.setItem(`${k}:user_id`, String(u));
    },
    [appKey, access_token, user_id],
  );
}
// `--locale de_DE`: the language cookie the app reads first.
const localeIdx = process.argv.indexOf('--locale');
if (localeIdx > 0) await page.context().addCookies([{ name: 'locale', value: process.argv[localeIdx + 1], url: new URL(url).origin }]);
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: false });
console.log('url now:', page.url());
await browser.close();
