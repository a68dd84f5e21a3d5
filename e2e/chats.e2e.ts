import { CHAT_LIMITS } from '@app/contract/chat-constants';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { png } from './lib/images.ts';
import { authed, type MenuItem } from './lib/shell.ts';

// Chats (issue 9) as two people use them side by side: a group made, messages exchanged live,
// edited and deleted, ownership handed over, the group left; one browser drops off the network
// while the other sends, and gets every message once when it is back.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function person(email: string, viewport = PHONE) {
  const { page, context, errors } = await openPage(browser, viewport);
  const userId = await signInAs(page, email);
  await page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const chats = menu.find((i) => i.type === 'chats');
  if (!chats) throw new Error('no chats module');
  return { page, context, errors, chats, userId };
}

/** Someone's name as the chats module lists them (the demo has several people called Ben). */
async function nameOf(page: Awaited<ReturnType<typeof person>>, userId: number): Promise<{ fullname: string; job_title: string }> {
  const users = await authed<Array<{ id: number; fullname: string; job_title: string }>>(
    page.page,
    'demo',
    `/chats/${page.chats.app_module_id}/users?per-page=100&search=Ben`,
  );
  const found = users.find((u) => u.id === userId);
  if (!found) throw new Error(`user ${userId} not found`);
  return found;
}

describe('chats: a group between two people, live', () => {
  it('anna creates a group with ben; they talk live, edit, delete; anna hands over and leaves', async () => {
    const stamp = Date.now();
    const name = `Stand-up ${stamp}`;
    const anna = await person('anna@demo.test', DESKTOP);
    const ben = await person('ben@demo.test');

    // The demo chats are there; Ben keeps his list open.
    await ben.page.goto(ben.chats.url);
    await ben.page.locator('.chat-row').first().waitFor();
    await anna.page.goto(anna.chats.url);
    await anna.page.getByRole('link', { name: /Speakers lounge/ }).waitFor();
    expect(await seriousViolations(anna.page)).toEqual([]);

    // A group needs a name (spec 2 §5), then Anna picks Ben.
    await anna.page.getByRole('button', { name: 'New group' }).click();
    const dialog = anna.page.getByRole('dialog', { name: 'New group' });
    const benIs = await nameOf(anna, ben.userId);
    await dialog.getByLabel('Search people').fill(benIs.fullname);
    await dialog.locator('.people-picker-row', { hasText: benIs.fullname }).filter({ hasText: benIs.job_title }).first().click();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByText('Group name must be specified!').waitFor();
    await dialog.getByLabel('Group name').fill(name);
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await anna.page.getByRole('heading', { name }).waitFor({ state: 'attached' });

    // Anna gives it a logo from "Edit chat"; Ben will see the group with it.
    await anna.page.getByRole('button', { name: 'Chat options' }).click();
    await anna.page.getByRole('menuitem', { name: 'Edit chat' }).click();
    const edit = anna.page.getByRole('dialog', { name: 'Edit chat' });
    await edit.getByLabel('Choose a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(96) });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await anna.page.locator('.chat-head .row-button img[src*="/uploads/chat-logos/"]').waitFor();

    // The new group appears in Ben's list without a reload.
    const row = ben.page.getByRole('link', { name: new RegExp(name) });
    await row.waitFor();

    // Anna writes; Ben sees it arrive in his list, opens the chat, answers; Anna sees it live.
    await anna.page.getByRole('textbox', { name: 'Message' }).fill(`Hello Ben ${stamp}`);
    await anna.page.keyboard.press('Enter');
    await anna.page.locator('.message.is-mine', { hasText: `Hello Ben ${stamp}` }).waitFor();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(`Hello Ben ${stamp}`);
    await row.click();
    await ben.page.locator('.message', { hasText: `Hello Ben ${stamp}` }).waitFor();
    await ben.page.getByRole('textbox', { name: 'Message' }).fill('Hi Anna, here!');
    // Enter sends (the e2e server's debug button sits over the phone's Send button).
    await ben.page.keyboard.press('Enter');
    await anna.page.locator('.message:not(.is-mine)', { hasText: 'Hi Anna, here!' }).waitFor();
    // Ben read Anna's message: she sees it seen.
    await anna.page.locator('.message-seen').waitFor({ timeout: 10_000 });
    expect(await seriousViolations(ben.page)).toEqual([]);

    // Anna edits her message; Ben sees the edit and the marker.
    const mine = anna.page.locator('.message.is-mine', { hasText: `Hello Ben ${stamp}` });
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await anna.page.getByRole('menuitem', { name: 'Edit' }).click();
    // The box takes the text and the cursor.
    await expect.poll(() => anna.page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
    await anna.page.getByRole('textbox', { name: 'Message' }).fill(`Hello Ben, edited ${stamp}`);
    await anna.page.getByRole('button', { name: 'Save' }).click();
    const edited = ben.page.locator('.message', { hasText: `Hello Ben, edited ${stamp}` });
    await edited.waitFor();
    await edited.getByText('Edited', { exact: true }).waitFor();

    // Anna sends a picture with a line; it shows as sent once stored, and Ben sees the picture live.
    await anna.page.getByLabel('Attach files').setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: png(64) });
    await anna.page.getByRole('list', { name: 'Files to send' }).getByText('stage.png').waitFor();
    await anna.page.getByRole('textbox', { name: 'Message' }).fill(`The stage ${stamp}`);
    await anna.page.keyboard.press('Enter');
    const picture = ben.page.locator('.message', { hasText: `The stage ${stamp}` }).getByRole('img', { name: 'stage.png' });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(64);

    // Anna sends two more, selects both and deletes them for everybody.
    for (const text of ['one to delete', 'two to delete']) {
      await anna.page.getByRole('textbox', { name: 'Message' }).fill(`${text} ${stamp}`);
      await anna.page.keyboard.press('Enter');
      await ben.page.locator('.message', { hasText: `${text} ${stamp}` }).waitFor();
    }
    await anna.page
      .locator('.message.is-mine', { hasText: `one to delete ${stamp}` })
      .getByRole('button', { name: 'Message actions' })
      .click();
    await anna.page.getByRole('menuitem', { name: 'Select' }).click();
    await anna.page
      .locator('.message.is-mine', { hasText: `two to delete ${stamp}` })
      .getByRole('checkbox')
      .check();
    await anna.page.getByRole('button', { name: 'Delete 2 messages' }).click();
    await anna.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => ben.page.locator('.message', { hasText: `to delete ${stamp}` }).count(), { timeout: 10_000 }).toBe(0);

    // Anna cannot leave while she owns it: Leave tells her so and opens the members; she makes Ben
    // the owner, then leaves. Ben's chat shows both as lines.
    await anna.page.getByRole('button', { name: 'Chat options' }).click();
    await anna.page.getByRole('menuitem', { name: 'Leave chat' }).click();
    const handOver = anna.page.getByRole('dialog', { name: 'Leave chat' });
    await handOver.getByText('Make another member the owner before you leave').waitFor();
    await handOver.getByRole('button', { name: 'Choose the new owner' }).click();
    const members = anna.page.getByRole('dialog', { name: 'Members' });
    await members.getByRole('button', { name: 'Make owner' }).click();
    await anna.page.getByRole('dialog').getByRole('button', { name: 'Make owner' }).click();
    await anna.page.getByText('Ownership transferred!').waitFor();
    await ben.page.locator('.message-event', { hasText: `${benIs.fullname} is now the owner` }).waitFor({ timeout: 10_000 });
    await anna.page.getByRole('dialog', { name: 'Members' }).getByRole('button', { name: 'Close' }).click();
    await anna.page.getByRole('button', { name: 'Chat options' }).click();
    await anna.page.getByRole('menuitem', { name: 'Leave chat' }).click();
    await anna.page.getByRole('dialog').getByRole('button', { name: 'Leave chat' }).click();
    await anna.page.waitForURL((u) => u.pathname === new URL(anna.chats.url, 'http://x').pathname);
    // The list refetches after she left: the chat goes from it.
    await expect.poll(() => anna.page.getByRole('link', { name: new RegExp(name) }).count(), { timeout: 10_000 }).toBe(0);
    // Ben now owns it, with one member left.
    await ben.page.getByText('1 member').waitFor({ timeout: 10_000 });
    expect(await ben.page.locator('.message-event', { hasText: / left$/ }).count()).toBe(1);

    // Ben archives the chat and restores it from the archive.
    await ben.page.getByRole('button', { name: 'Chat options' }).click();
    await ben.page.getByRole('menuitem', { name: 'Archive' }).click();
    await ben.page.getByRole('link', { name: 'Archived chats' }).click();
    await ben.page.getByRole('link', { name: new RegExp(name) }).click();
    await ben.page.getByRole('button', { name: 'Chat options' }).click();
    await ben.page.getByRole('menuitem', { name: 'Restore' }).click();
    await ben.page.getByRole('link', { name: new RegExp(name) }).waitFor();

    expect([...anna.errors, ...ben.errors]).toEqual([]);
    await anna.context.close();
    await ben.context.close();
  }, 150_000);

  it('a browser that was offline gets the three messages sent meanwhile, once each, when it is back', async () => {
    const stamp = Date.now();
    const anna = await person('anna@demo.test', DESKTOP);
    const ben = await person('ben@demo.test');
    await anna.page.goto(anna.chats.url);
    await anna.page.getByRole('link', { name: /Speakers lounge/ }).click();
    await ben.page.goto(ben.chats.url);
    await ben.page.getByRole('link', { name: /Speakers lounge/ }).click();
    await ben.page.locator('.message').first().waitFor();

    await ben.context.setOffline(true);
    // The socket notices after its heartbeat; the messages are sent meanwhile.
    for (const n of [1, 2, 3]) {
      await anna.page.getByRole('textbox', { name: 'Message' }).fill(`Offline ${n} ${stamp}`);
      await anna.page.keyboard.press('Enter');
      await anna.page.locator('.message.is-mine', { hasText: `Offline ${n} ${stamp}` }).waitFor();
    }
    await expect.poll(() => anna.page.locator('.message.is-pending').count(), { timeout: 10_000 }).toBe(0);
    await ben.context.setOffline(false);
    for (const n of [1, 2, 3]) await ben.page.locator('.message', { hasText: `Offline ${n} ${stamp}` }).waitFor({ timeout: 60_000 });
    await ben.page.waitForTimeout(500);
    for (const n of [1, 2, 3]) expect(await ben.page.locator('.message', { hasText: `Offline ${n} ${stamp}` }).count()).toBe(1);
    // In order.
    const texts = await ben.page.locator('.message-text').allTextContents();
    const at = (n: number) => texts.indexOf(`Offline ${n} ${stamp}`);
    expect(at(1) < at(2) && at(2) < at(3)).toBe(true);

    // A paste past the limit is not cut: the box says so and the send button waits.
    const box = ben.page.getByRole('textbox', { name: 'Message' });
    await box.fill('x'.repeat(CHAT_LIMITS.messageMax + 1));
    await ben.page.getByRole('alert').filter({ hasText: 'You have exceeded max content size!' }).waitFor();
    expect(await box.inputValue()).toHaveLength(CHAT_LIMITS.messageMax + 1);
    expect(await ben.page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill('');

    // Ben writes while offline: told so, and the message goes out by itself, once, when he is back.
    await ben.context.setOffline(true);
    await ben.page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    await ben.page.getByRole('textbox', { name: 'Message' }).fill(`Written offline ${stamp}`);
    await ben.page.keyboard.press('Enter');
    await ben.page
      .locator('.message.is-pending', { hasText: `Written offline ${stamp}` })
      .getByText('Waiting for the connection…')
      .waitFor();
    await ben.context.setOffline(false);
    await anna.page.locator('.message', { hasText: `Written offline ${stamp}` }).waitFor({ timeout: 30_000 });
    await expect.poll(() => ben.page.locator('.message.is-pending').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => ben.page.locator('.chat-connection').count(), { timeout: 30_000 }).toBe(0);
    await anna.page.waitForTimeout(500);
    expect(await anna.page.locator('.message', { hasText: `Written offline ${stamp}` }).count()).toBe(1);
    expect(await ben.page.locator('.message', { hasText: `Written offline ${stamp}` }).count()).toBe(1);

    // A private chat's header names the person (their title), not "2 members".
    const m = ben.chats.app_module_id;
    const priv = await ben.page.evaluate(
      async ({ m, other }) => {
        const res = await fetch(`/chats/${m}/chats`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': localStorage.getItem('demo:access_token') ?? '' },
          body: JSON.stringify({ chat_type: 'chat', user_ids: [other] }),
        });
        return (await res.json()) as { id: number; name: string };
      },
      { m, other: anna.userId },
    );
    await ben.page.goto(`/chats/${m}/chat/${priv.id}`);
    const head = ben.page.locator('.chat-head .row-button');
    await head.getByText(priv.name).waitFor();
    expect(await head.textContent()).not.toContain('members');
    await anna.context.close();
    await ben.context.close();
  }, 120_000);
});

describe('chat history', () => {
  it('loads older messages when the reader scrolls up', async () => {
    const stamp = Date.now();
    const anna = await person('anna@demo.test', DESKTOP);
    const token = await anna.page.evaluate(() => localStorage.getItem('demo:access_token') ?? '');
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${baseURL()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': token, 'app-key': 'demo' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const m = anna.chats.app_module_id;
    const [other] = await authed<Array<{ id: number }>>(anna.page, 'demo', `/chats/${m}/users?per-page=1`);
    const group = await post<{ id: number }>(`/chats/${m}/chats`, { chat_type: 'group', name: `History ${stamp}`, user_ids: [other?.id] });
    // A link whose preview fails (a loopback address is never fetched): asked for once, however often it is shown.
    await post(`/chats/${m}/chats/${group.id}/messages`, { client_id: `h-${stamp}-link`, text: 'Dead link http://127.0.0.1:9/nothing' });
    await post(`/chats/${m}/chats/${group.id}/messages`, { client_id: `h-${stamp}-link2`, text: 'Again http://127.0.0.1:9/nothing' });
    for (let i = 1; i <= 40; i++) {
      await post(`/chats/${m}/chats/${group.id}/messages`, { client_id: `h-${stamp}-${i}`, text: `History line ${i}` });
    }
    let previews = 0;
    anna.page.on('request', (r) => {
      if (r.url().includes('/pwa/get-url-preview')) previews += 1;
    });
    await anna.page.goto(`/chats/${m}/group/${group.id}`);
    await anna.page.getByText('History line 40', { exact: true }).waitFor();
    // The newest 30 are shown, at the bottom; the first ones come when the reader scrolls up.
    expect(await anna.page.getByText('History line 1', { exact: true }).count()).toBe(0);
    await anna.page.locator('.chat-scroll').evaluate((el) => {
      el.scrollTop = 0;
    });
    await anna.page.getByText('History line 1', { exact: true }).waitFor();
    expect(await anna.page.locator('.message-list .message').count()).toBe(42);
    // Scrolled up to the two dead links, then the chat is left and opened again (no reload: the session's cache).
    await anna.page.locator('.chat-scroll').evaluate((el) => {
      el.scrollTop = 0;
    });
    await anna.page.getByText('Again', { exact: false }).first().waitFor();
    await expect.poll(() => previews, { timeout: 10_000 }).toBe(1);
    await anna.page.getByRole('link', { name: 'Back to chats' }).click();
    await anna.page.getByRole('link', { name: new RegExp(`History ${stamp}`) }).click();
    await anna.page.getByText('History line 40', { exact: true }).waitFor();
    await anna.page.locator('.chat-scroll').evaluate((el) => {
      el.scrollTop = 0;
    });
    await anna.page.getByText('Again', { exact: false }).first().waitFor();
    await anna.page.waitForTimeout(500);
    expect(previews).toBe(1);
    expect(anna.errors).toEqual([]);
    await anna.context.close();
  }, 90_000);
});

describe('in-app chat notices (spec 1 §4)', () => {
  it('a message shows as a notice on another module, opens its chat when clicked; none inside chats', async () => {
    const stamp = Date.now();
    const anna = await person('anna@demo.test', DESKTOP);
    const ben = await person('ben@demo.test', DESKTOP);
    const news = (await authed<{ menu: MenuItem[] }>(ben.page, 'demo', '/user/app-menu')).menu.find((m) => m.type === 'news');
    if (!news) throw new Error('no news module');
    await ben.page.goto(news.url);
    await ben.page.locator('.post-card').first().waitFor();
    await anna.page.goto(anna.chats.url);
    await anna.page.getByRole('link', { name: /Speakers lounge/ }).click();
    await anna.page.getByRole('textbox', { name: 'Message' }).fill(`Notice me ${stamp}`);
    await anna.page.keyboard.press('Enter');
    const notice = ben.page
      .getByRole('region', { name: 'New chat messages' })
      .getByRole('button', { name: /^New message in Speakers lounge/ });
    await notice.waitFor({ timeout: 10_000 });
    expect(await ben.page.locator('.chat-notice').textContent()).toContain(`Notice me ${stamp}`);
    expect(await seriousViolations(ben.page)).toEqual([]);
    await notice.click();
    await ben.page.locator('.message', { hasText: `Notice me ${stamp}` }).waitFor();
    expect(await ben.page.locator('.chat-notice').count()).toBe(0);
    // Inside the chats module, no notice.
    await anna.page.getByRole('textbox', { name: 'Message' }).fill(`Quiet ${stamp}`);
    await anna.page.keyboard.press('Enter');
    await ben.page.locator('.message', { hasText: `Quiet ${stamp}` }).waitFor();
    await ben.page.waitForTimeout(300);
    expect(await ben.page.locator('.chat-notice').count()).toBe(0);
    await anna.context.close();
    await ben.context.close();
  }, 90_000);
});
