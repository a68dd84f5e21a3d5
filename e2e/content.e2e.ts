import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser } from './lib/accounts.ts';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { png } from './lib/images.ts';
import { authed, type MenuItem } from './lib/shell.ts';

// Blogs, news and forums (issue 8), as people use them: two or three accounts side by side, each in
// its own browser context, seeing what the others do without a reload.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Opens a signed-in page for a demo login (push prompt off), and the app's menu. */
async function person(email: string, viewport = PHONE) {
  const { page, context, errors } = await openPage(browser, viewport);
  await signInAs(page, email);
  await page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const mod = (type: string) => {
    const m = menu.find((i) => i.type === type);
    if (!m) throw new Error(`no ${type} module`);
    return m;
  };
  return { page, context, errors, mod };
}

/** A new member with a complete profile (name shown on comments), signed in on a page of its own. */
async function newMember(first: string) {
  const email = `${first.toLowerCase()}.${Date.now()}@demo.test`;
  const { token } = await newConfirmedUser(email);
  const res = await fetch(`${baseURL()}/user/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
    body: JSON.stringify({ first_name: first, last_name: 'Tester', job_title: 'Reviewer' }),
  });
  if (!res.ok) throw new Error(`profile: ${res.status}`);
  const { page, context, errors } = await openPage(browser, PHONE);
  await page.goto('/healthz');
  await page.evaluate((t) => {
    localStorage.setItem('demo:access_token', t);
    localStorage.setItem('demo:push_never', '1');
  }, token);
  return { page, context, errors };
}

const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

/** Chooses an action of the "More actions" menu inside `scope`, and confirms it in the dialog. */
async function act(page: Page, scope: ReturnType<Page['locator']>, action: string, confirm?: string) {
  await scope.getByRole('button', { name: 'More actions' }).first().click();
  await menuItem(page, action).click();
  if (confirm) await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
}

describe('blogs: a post with a poll, live votes and comments, moderation', () => {
  it('anna publishes, ben votes and comments, anna sees both live and finishes the poll; a reported comment is deleted by the admin', async () => {
    const stamp = Date.now();
    const title = `Lunch survey ${stamp}`;
    const anna = await person('anna@demo.test', DESKTOP);
    const ben = await person('ben@demo.test');
    const blogs = anna.mod('blogs');
    await ben.page.goto(blogs.url);
    await ben.page.locator('.post-card').first().waitFor();

    // Anna writes: title, rich text, a poll; the editor's chunk loads on the first click.
    await anna.page.goto(blogs.url);
    await anna.page.getByRole('button', { name: "What's on your mind?" }).click();
    await anna.page.getByLabel('Title (optional)').fill(title);
    const editor = anna.page.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await anna.page.keyboard.type('Where shall we eat tomorrow? See https://example.org ');
    await anna.page.getByRole('button', { name: 'Bold' }).click();
    await anna.page.keyboard.type('Vote now');
    // A cover image, uploaded as soon as it is chosen.
    await anna.page.getByLabel('Add cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(64) });
    await anna.page.getByRole('img', { name: 'Cover image' }).waitFor();
    await anna.page.getByRole('button', { name: 'Create poll' }).click();
    // An empty poll question is refused by the server, on its field.
    await anna.page.getByLabel('Option 1').fill('Tapas');
    await anna.page.getByLabel('Option 2').fill('Ramen');
    await anna.page.getByRole('button', { name: 'Publish' }).click();
    await anna.page.getByText("Title can't be blank!").waitFor();
    expect(await anna.page.getByLabel('Poll question').getAttribute('aria-invalid')).toBe('true');
    await anna.page.getByLabel('Poll question').fill('Where do we go?');
    expect(await seriousViolations(anna.page)).toEqual([]);
    await anna.page.getByRole('button', { name: 'Publish' }).click();
    await anna.page.getByText('Post saved!').waitFor();
    const annaCard = anna.page.locator('.post-card', { hasText: title });
    await annaCard.waitFor();
    // The link was detected as typed and opens in a new tab; the bold text stayed bold.
    expect(await annaCard.locator('a[href="https://example.org/"]').getAttribute('target')).toBe('_blank');
    expect(await annaCard.locator('strong').textContent()).toBe('Vote now');
    // The cover is served from a signed URL, as an image.
    const coverSrc = await annaCard.locator('img.post-cover').getAttribute('src');
    expect(coverSrc).toMatch(/^\/files\/\d+\?exp=\d+&sig=/);
    const cover = await fetch(`${baseURL()}${coverSrc}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('x-content-type-options')).toBe('nosniff');
    expect(cover.headers.get('content-type')).toMatch(/^image\//);

    // Ben had the feed open: the post appears without a reload.
    const benCard = ben.page.locator('.post-card', { hasText: title });
    await benCard.waitFor({ timeout: 10_000 });
    await benCard.getByRole('link', { name: title }).click();
    await ben.page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Anna opens her post; Ben votes and comments; Anna sees both arrive.
    await annaCard.getByRole('link', { name: title }).click();
    await anna.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await ben.page.getByRole('button', { name: /^Vote for Ramen/ }).click();
    await ben.page.getByRole('button', { name: /^Vote for Ramen, 1 vote, Your vote/, pressed: true }).waitFor();
    await ben.page.getByLabel('Your comment').fill(`Ramen please ${stamp}`);
    await ben.page.getByRole('button', { name: 'Send' }).click();
    await ben.page.getByText('Comment saved!').waitFor();
    await anna.page.getByText(`Ramen please ${stamp}`).waitFor({ timeout: 10_000 });
    await expect.poll(() => anna.page.locator('.poll-meta').textContent()).toContain('1 vote');
    // Ben changes his vote while the poll is open: still one vote.
    await ben.page.getByRole('button', { name: /^Vote for Tapas/ }).click();
    await ben.page.getByRole('button', { name: /^Vote for Tapas, 1 vote, Your vote/, pressed: true }).waitFor();
    await expect.poll(() => ben.page.locator('.poll-meta').textContent()).toContain('1 vote');
    // The votes panel tells who chose what.
    await expect.poll(() => anna.page.locator('.poll-meta').textContent()).toContain('1 vote');
    await anna.page.getByRole('button', { name: 'Results' }).click();
    const panel = anna.page.getByRole('dialog', { name: 'Results' });
    await panel.getByRole('region', { name: 'Tapas' }).getByText('Ben Schmidt').waitFor();
    expect(await panel.getByRole('region', { name: 'Ramen' }).getByRole('listitem').count()).toBe(0);
    await panel.getByRole('button', { name: 'Close' }).click();

    // Anna finishes the poll; Ben can no longer vote.
    await act(anna.page, anna.page.locator('.post-card'), 'Finish the poll', 'Finish the poll');
    await anna.page.getByText('Poll finished').waitFor();
    await ben.page.locator('.poll-meta', { hasText: 'Finished' }).waitFor({ timeout: 10_000 });
    expect(await ben.page.getByRole('button', { name: /^Vote for/ }).count()).toBe(0);

    // A third member reports Ben's comment; the admin deletes it; it disappears for Anna.
    const carla = await newMember('Carla');
    await carla.page.goto(ben.page.url());
    const comment = (p: Page) => p.locator('.comment', { hasText: `Ramen please ${stamp}` });
    await comment(carla.page).waitFor();
    await act(carla.page, comment(carla.page), 'Report', 'Report');
    await carla.page.getByText('Content reported').first().waitFor();
    await comment(carla.page).getByText('Content reported').waitFor();
    const admin = await person('admin@demo.test');
    await admin.page.goto(ben.page.url());
    await comment(admin.page).waitFor();
    // The admin may delete others' comments but not edit them.
    await comment(admin.page).getByRole('button', { name: 'More actions' }).click();
    expect(await menuItem(admin.page, 'Edit').count()).toBe(0);
    await menuItem(admin.page, 'Delete').click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.page.getByText('Comment deleted!').waitFor();
    await expect.poll(() => comment(anna.page).count(), { timeout: 10_000 }).toBe(0);

    for (const p of [anna, ben, carla, admin]) expect(p.errors).toEqual([]);
    for (const p of [anna, ben, carla, admin]) await p.context.close();
  });
});

describe('forums: a followed discussion with nested replies', () => {
  it('anna starts a discussion, ben follows it, replies go three levels deep and reach the follower', async () => {
    const stamp = Date.now();
    const title = `Best coffee near the venue ${stamp}`;
    const anna = await person('anna@demo.test');
    const ben = await person('ben@demo.test', DESKTOP);
    const forums = anna.mod('forums');

    await anna.page.goto(forums.url);
    await anna.page.getByRole('button', { name: 'Start a discussion' }).click();
    // A discussion needs a title.
    await anna.page.getByRole('textbox', { name: 'Text' }).click();
    await anna.page.keyboard.type('Where do you get a proper flat white around here?');
    await anna.page.getByRole('button', { name: 'Publish' }).click();
    await anna.page.getByText("Title can't be blank!").waitFor();
    await anna.page.getByLabel('Title').fill(title);
    await anna.page.getByRole('button', { name: 'Publish' }).click();
    await anna.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const discussionPath = new URL(anna.page.url()).pathname;
    expect(discussionPath).toMatch(new RegExp(`^/forums/${forums.app_module_id}/best-coffee-near-the-venue-${stamp}/\\d+$`));

    // Ben finds it in the list (search by a word of the body) and follows it.
    await ben.page.goto(`${forums.url}?search=flat`);
    const row = ben.page.locator('.discussion', { hasText: title });
    await row.waitFor();
    await row.getByRole('button', { name: `Follow: ${title}` }).click();
    await row.getByRole('button', { name: `Following: ${title}` }).waitFor();
    expect(await seriousViolations(ben.page)).toEqual([]);
    await row.getByRole('link', { name: title }).click();
    await ben.page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Level 0: Ben replies. Level 1: Anna answers Ben. Level 2: Ben answers Anna.
    await ben.page.getByLabel('Your comment').fill(`Try the kiosk by the river ${stamp}`);
    await ben.page.getByRole('button', { name: 'Send' }).click();
    const first = (p: Page) => p.locator('.comment', { hasText: `Try the kiosk by the river ${stamp}` });
    await first(anna.page).waitFor({ timeout: 10_000 });
    await first(anna.page).getByRole('button', { name: 'Reply' }).click();
    await anna.page.getByLabel('Replying to Ben Schmidt').fill(`Is it open before nine? ${stamp}`);
    await anna.page.getByRole('button', { name: 'Send' }).last().click();
    const second = (p: Page) => p.locator('.comment', { hasText: `Is it open before nine? ${stamp}` });
    await second(ben.page).waitFor({ timeout: 10_000 });
    await second(ben.page).getByRole('button', { name: 'Reply' }).click();
    await ben.page.getByLabel('Replying to Anna Novak').fill(`From seven, every day ${stamp}`);
    await ben.page.getByRole('button', { name: 'Send' }).last().click();
    const third = (p: Page) => p.locator('.comment', { hasText: `From seven, every day ${stamp}` });
    await third(anna.page).waitFor({ timeout: 10_000 });
    expect(await first(anna.page).getAttribute('class')).toContain('indent-0');
    expect(await second(anna.page).getAttribute('class')).toContain('indent-1');
    expect(await third(anna.page).getAttribute('class')).toContain('indent-2');
    await anna.page.getByText('3 replies').waitFor();

    // Away from the discussion, the follower gets its bubble for the next reply (reading it clears it).
    const activity = anna.mod('activity');
    await ben.page.goto(activity.url);
    await first(anna.page).getByRole('button', { name: 'Reply' }).click();
    await anna.page.getByLabel('Replying to Ben Schmidt').fill(`Thanks, see you there ${stamp}`);
    await anna.page.getByRole('button', { name: 'Send' }).last().click();
    await anna.page.getByText('4 replies').waitFor();
    const discussionId = Number(discussionPath.split('/').pop());
    const forumsEntry = ben.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${forums.name}`) });
    await expect
      .poll(
        () =>
          forumsEntry
            .locator('.menu-bubble')
            .getAttribute('data-bubble')
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('1');
    const menu = await authed<{ menu: MenuItem[] }>(ben.page, 'demo', '/user/app-menu');
    expect(menu.menu.find((m) => m.app_module_id === forums.app_module_id)?.bubble).toEqual([discussionId]);
    // Opening the forum marks it read: the bubble goes.
    await ben.page.goto(forums.url);
    await expect.poll(() => forumsEntry.locator('.menu-bubble').count(), { timeout: 10_000 }).toBe(0);
    // The activity feed lists the replies, each linking to its item of the discussion.
    const feed = await authed<Array<{ click_url: string | null; is_comment: boolean }>>(ben.page, 'demo', '/user/activity?per-page=10');
    expect(feed.some((a) => a.is_comment && a.click_url?.startsWith(`${discussionPath}/item/`))).toBe(true);

    // The comment's own route opens the discussion at that reply.
    const secondId = (await second(anna.page).getAttribute('id'))?.replace('comment-', '');
    await ben.page.goto(`${discussionPath}/item/${secondId}`);
    await ben.page.locator(`#comment-${secondId}.focused`).waitFor();

    for (const p of [anna, ben]) expect(p.errors).toEqual([]);
    for (const p of [anna, ben]) await p.context.close();
  });
});

describe('content pages: accessibility and keyboard', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`has no serious accessibility violation on the feeds, a post, a discussion and the edit page (${label})`, async () => {
      const anna = await person('anna@demo.test', viewport);
      const blogs = anna.mod('blogs');
      const forums = anna.mod('forums');
      const [post] = await authed<Array<{ id: number }>>(anna.page, 'demo', `/content/${blogs.app_module_id}/posts?per-page=1`);
      const [discussion] = await authed<Array<{ id: number }>>(anna.page, 'demo', `/content/${forums.app_module_id}/posts?per-page=1`);
      const own = await fetch(`${baseURL()}/content/${blogs.app_module_id}/posts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'app-key': 'demo',
          'access-token': await anna.page.evaluate(() => localStorage.getItem('demo:access_token') ?? ''),
        },
        body: JSON.stringify({ text: '<p>Mine to edit</p>' }),
      }).then((r) => r.json() as Promise<{ id: number }>);
      const pages = [
        [blogs.url, '.post-card'],
        [forums.url, '.discussion'],
        [`${blogs.url}/post/${post?.id}?goTo=comments`, '#comments .comment-form'],
        [`${forums.url}/x/${discussion?.id}`, '#comments .comment-form'],
        [`${blogs.url}/post/${own.id}/edit/`, '.rte-content'],
      ] as const;
      for (const [url, ready] of pages) {
        await anna.page.goto(url);
        await anna.page.locator(ready).first().waitFor();
        expect(await seriousViolations(anna.page), url).toEqual([]);
      }
      expect(anna.errors).toEqual([]);
      await anna.context.close();
    });
  }

  it('works with the keyboard: the actions menu opens, moves with arrows and closes with Escape', async () => {
    const anna = await person('anna@demo.test', DESKTOP);
    await anna.page.goto(anna.mod('blogs').url);
    const more = anna.page.locator('.post-card').first().getByRole('button', { name: 'More actions' });
    await more.focus();
    await anna.page.keyboard.press('Enter');
    expect(await anna.page.evaluate(() => document.activeElement?.textContent)).toBe('Copy link');
    await anna.page.keyboard.press('ArrowDown');
    expect(await anna.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await anna.page.keyboard.press('Escape');
    expect(await anna.page.getByRole('menu').count()).toBe(0);
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    // Copy link from the menu tells so.
    await anna.page.keyboard.press('Enter');
    await anna.page.keyboard.press('Enter');
    await anna.page.getByText('Link copied!').waitFor();
    await anna.context.close();
  });
});
