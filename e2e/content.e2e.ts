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
    // As in chats (spec 1 §5): Ctrl+Enter adds a line, Enter sends.
    const box = ben.page.getByLabel('Your comment');
    await box.fill(`Ramen please ${stamp}`);
    await box.press('Control+Enter');
    await box.pressSequentially('or noodles');
    expect(await box.inputValue()).toBe(`Ramen please ${stamp}\nor noodles`);
    await box.press('Enter');
    await ben.page.getByText('Comment saved!').waitFor();
    await anna.page.getByText(`Ramen please ${stamp}`).waitFor({ timeout: 10_000 });
    expect(await box.inputValue()).toBe('');
    // Editing the comment keeps the rule: Enter saves.
    const benComment = ben.page.locator('.comment', { hasText: `Ramen please ${stamp}` });
    await act(ben.page, benComment, 'Edit');
    const editBox = ben.page.getByLabel('Edit your comment');
    await editBox.press('Control+End');
    await editBox.pressSequentially(' or soba');
    await editBox.press('Enter');
    await benComment.getByText('or noodles or soba').waitFor();
    await expect.poll(() => ben.page.getByLabel('Edit your comment').count()).toBe(0);
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

describe("editors keep unsaved work; news is the organiser's", () => {
  it('asks before leaving an edited post or comment by the menu or Back, and tells a non-author they may not edit', async () => {
    const anna = await person('anna@demo.test');
    const blogs = anna.mod('blogs');
    const token = await anna.page.evaluate(() => localStorage.getItem('demo:access_token') ?? '');
    const own = await fetch(`${baseURL()}/content/${blogs.app_module_id}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
      body: JSON.stringify({ title: `Guarded ${Date.now()}`, text: '<p>Keep me</p>' }),
    }).then((r) => r.json() as Promise<{ id: number }>);
    const postPath = `${blogs.url}/post/${own.id}`;
    await anna.page.goto(postPath);
    await act(anna.page, anna.page.locator('.post-card'), 'Edit');
    const title = anna.page.getByLabel('Title (optional)');
    await title.fill('Changed, not saved');
    const leave = anna.page.getByRole('dialog', { name: 'Leave without saving?' });
    const news = anna.mod('news');
    const menuLink = anna.page.locator(`a[href="${news.url}"]:visible`).first();
    // The menu asks; Stay keeps the page and the text.
    await menuLink.click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(anna.page.url()).pathname).toBe(`${postPath}/edit/`);
    expect(await title.inputValue()).toBe('Changed, not saved');
    // Back asks too, and leaves when told to.
    await anna.page.evaluate(() => history.back());
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => new URL(anna.page.url()).pathname).toBe(`${postPath}/edit/`);
    expect(await title.inputValue()).toBe('Changed, not saved');
    await anna.page.evaluate(() => history.back());
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => new URL(anna.page.url()).pathname).toBe(postPath);
    // Discard asks once (its own question), not twice.
    await act(anna.page, anna.page.locator('.post-card'), 'Edit');
    await title.fill('Changed again');
    await anna.page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await anna.page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => new URL(anna.page.url()).pathname).toBe(postPath);
    expect(await leave.count()).toBe(0);

    // A comment being edited asks as well.
    await anna.page.getByLabel('Your comment').fill(`Mine ${own.id}`);
    await anna.page.getByLabel('Your comment').press('Enter');
    const comment = anna.page.locator('.comment', { hasText: `Mine ${own.id}` });
    await comment.waitFor();
    await act(anna.page, comment, 'Edit');
    await anna.page.getByLabel('Edit your comment').fill('Half-written change');
    await menuLink.click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(await anna.page.getByLabel('Edit your comment').inputValue()).toBe('Half-written change');

    // Ben opens Anna's edit route: he may not edit it, and is led to the post.
    const ben = await person('ben@demo.test');
    await ben.page.goto(`${postPath}/edit/`);
    await ben.page.getByText('Only the author can edit this.').waitFor();
    expect(await ben.page.getByText('This post does not exist any more.').count()).toBe(0);
    await ben.page.getByRole('link', { name: 'Go to the post' }).click();
    await expect.poll(() => new URL(ben.page.url()).pathname).toBe(postPath);

    // News is the organiser's channel: no create input for a member, one for the app owner.
    await ben.page.goto(news.url);
    await ben.page.locator('.post-card').first().waitFor();
    expect(await ben.page.getByRole('button', { name: "What's on your mind?" }).count()).toBe(0);
    const admin = await person('admin@demo.test');
    await admin.page.goto(news.url);
    await admin.page.getByRole('button', { name: "What's on your mind?" }).waitFor();

    for (const p of [anna, ben, admin]) expect(p.errors).toEqual([]);
    for (const p of [anna, ben, admin]) await p.context.close();
  });
});

describe('narrow screens', () => {
  it('the post editor fits a phone: its toolbar scrolls inside, with an arrow to the tools out of sight', async () => {
    const anna = await person('anna@demo.test');
    await anna.page.goto(anna.mod('blogs').url);
    await anna.page.getByRole('button', { name: "What's on your mind?" }).click();
    await anna.page.locator('.rte-content').waitFor();
    expect(await anna.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The last tools are out of sight: the arrow says so and brings them in.
    const redo = anna.page.getByRole('button', { name: 'Redo' });
    const inSight = () =>
      redo.evaluate((b) => b.getBoundingClientRect().right <= (b.closest('.rte-toolbar')?.getBoundingClientRect().right ?? 0));
    expect(await inSight()).toBe(false);
    // Each click scrolls by most of a screen; the arrow goes once the last tool is in sight.
    const end = anna.page.locator('.rte-scroll-end');
    for (let i = 0; i < 5 && (await end.count()) > 0; i++) {
      const before = await anna.page.locator('.rte-toolbar').evaluate((t) => t.scrollLeft);
      await end.click();
      await expect.poll(() => anna.page.locator('.rte-toolbar').evaluate((t) => t.scrollLeft), { timeout: 10_000 }).toBeGreaterThan(before);
      await anna.page.waitForTimeout(500);
    }
    await anna.page.locator('.rte-scroll-start').waitFor();
    await expect.poll(inSight, { timeout: 10_000 }).toBe(true);
    expect(await anna.page.locator('.rte-scroll-end').count()).toBe(0);
    expect(await anna.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(anna.errors).toEqual([]);
    await anna.context.close();
  });

  it('a 300-character word in titles and names wraps on every module list and detail page at 390 px', async () => {
    const anna = await person('anna@demo.test');
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänsmütze'.repeat(7).slice(0, 300);
    // A real post and discussion with the word in the title (as long as a title may be) and the text.
    const token = await anna.page.evaluate(() => localStorage.getItem('demo:access_token') ?? '');
    for (const type of ['blogs', 'forums']) {
      const res = await fetch(`${baseURL()}/content/${anna.mod(type).app_module_id}/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'app-key': 'demo', 'access-token': token },
        body: JSON.stringify({ title: word.slice(0, 190), text: `<p>${word}</p>` }),
      });
      expect(res.ok, type).toBe(true);
    }
    // Every other title and name the server sends gets the word too (events, catalog, marketplace,
    // resources, people, chats, meets): the page must wrap whatever the organiser or a member typed.
    const names = new Set(['title', 'name', 'fullname', 'first_name', 'last_name', 'company', 'job_title', 'location', 'location_name']);
    const lengthen = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(lengthen)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v).map(([k, x]) => [k, typeof x === 'string' && x && names.has(k) ? `${word} ${x}` : lengthen(x)]),
            )
          : v;
    await anna.page.route('**/*', async (route) => {
      const kind = route.request().resourceType();
      if (kind !== 'fetch' && kind !== 'xhr') return route.fallback();
      const res = await route.fetch();
      if (!(res.headers()['content-type'] ?? '').includes('application/json')) return route.fulfill({ response: res });
      return route.fulfill({ response: res, json: lengthen(await res.json()) });
    });
    const wide: string[] = [];
    const check = async (url: string) => {
      await anna.page.goto(url);
      await anna.page.waitForLoadState('networkidle');
      const width = await anna.page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${url}: ${width}`);
    };
    for (const type of ['news', 'blogs', 'forums', 'events', 'catalog', 'marketplace', 'resources', 'appusers', 'chats', 'agenda']) {
      const list = anna.mod(type).url;
      await check(list);
      // The first detail page the list links to (a person's page from the directory).
      const prefix = type === 'appusers' ? '/user/' : `${list}/`;
      const linksOf = () =>
        anna.page.evaluate(
          (p) =>
            [...new Set([...document.querySelectorAll('main a[href]')].map((a) => a.getAttribute('href') ?? ''))].filter((h) =>
              h.startsWith(p),
            ),
          prefix,
        );
      // A list may render its rows after the network is idle (the events list picks its day first).
      await expect.poll(async () => (await linksOf()).length, { message: list, timeout: 10_000 }).toBeGreaterThan(0);
      const details = await linksOf();
      for (const url of details.slice(0, 1)) await check(url);
    }
    const profile = anna.mod('profile').url;
    for (const url of [profile, `${profile}/edit`, '/networking/meets/index', anna.mod('networking').url, anna.mod('activity').url])
      await check(url);
    expect(wide).toEqual([]);
    expect(anna.errors).toEqual([]);
    await anna.context.close();
  }, 180_000);
});
