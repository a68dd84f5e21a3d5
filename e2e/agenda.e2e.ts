import fs from 'node:fs';
import { AGENDA_LIMITS } from '@app/contract/agenda-constants';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, openPage, PHONE, seriousViolations, signInAs } from './lib/browser.ts';
import { authed, type MenuItem, settle } from './lib/shell.ts';

// The agenda (issue 10) as attendees use it: a day and a track picked, a personal agenda built
// with an overlap and downloaded as .ics, a question asked and upvoted live between two browsers
// and answered by the speaker, a session rated.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function person(email: string, viewport = PHONE) {
  const { page, errors } = await openPage(browser, viewport);
  await signInAs(page, email);
  await page.evaluate(() => localStorage.setItem('demo:push_never', '1'));
  const { menu } = await authed<{ menu: MenuItem[] }>(page, 'demo', '/user/app-menu');
  const agenda = menu.find((i) => i.type === 'agenda');
  if (!agenda) throw new Error('no agenda module');
  return { page, errors, agenda };
}

interface Listed {
  id: number;
  title: string;
  starts_at: string;
}

/** A demo session by title (the demo's days are yesterday, today and tomorrow). */
async function sessionId(p: Awaited<ReturnType<typeof person>>, title: string): Promise<number> {
  const list = await authed<Listed[]>(p.page, 'demo', `/agenda/${p.agenda.app_module_id}/sessions?search=${encodeURIComponent(title)}`);
  const found = list.find((s) => s.title === title);
  if (!found) throw new Error(`no session ${title}`);
  return found.id;
}

describe('agenda', () => {
  it('picks a day and a track, builds a personal agenda with an overlap and downloads it', async () => {
    const anna = await person('anna@demo.test');
    const { page } = anna;
    await page.goto(anna.agenda.url);
    const days = page.getByRole('navigation', { name: 'Days' });
    await days.getByRole('button').first().waitFor();
    expect(await days.getByRole('button').count()).toBe(3);
    // Each day is read out whole with its count ("Friday, 27 November 2026, 9 sessions"), not "Fr27 Nov".
    const named = days.getByRole('button', { name: /^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}, \d+ sessions?$/ });
    expect(await named.count()).toBe(3);
    // Today is chosen; tomorrow has the closing keynote.
    expect(await days.getByRole('button').nth(1).getAttribute('aria-pressed')).toBe('true');
    await days.getByRole('button').nth(2).click();
    await page.getByRole('link', { name: 'Closing keynote: See you next year' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Back to today, only the workshops track.
    await days.getByRole('button').nth(1).click();
    await page.getByRole('button', { name: 'Tracks' }).click();
    const panel = page.getByRole('dialog', { name: 'Tracks' });
    await panel.getByRole('checkbox', { name: 'Workshops' }).check();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('link', { name: 'Workshop: Your first calendar feed' }).waitFor();
    await page.getByRole('link', { name: 'Calm on-call for small teams' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^All$/ }).click();

    // Two sessions at 14:30 into the agenda: they are marked as overlapping.
    for (const title of ['Calm on-call for small teams', 'Onboarding that does not feel like homework']) {
      const card = page.locator('.session-card', { has: page.getByRole('link', { name: title }) });
      await card.waitFor();
      // A retry finds it there already.
      const add = card.getByRole('button', { name: 'Add to my agenda' });
      if (await add.count()) await add.click();
      await card.getByRole('button', { name: 'Remove from my agenda' }).waitFor();
    }
    await page.getByRole('button', { name: /My agenda/ }).click();
    await page.getByText('Overlaps with Onboarding that does not feel like homework').waitFor();
    await page.getByText('Overlaps with Calm on-call for small teams').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my agenda' }).click()]);
    const ics = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(download.suggestedFilename()).toBe('my-agenda.ics');
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain('SUMMARY:Calm on-call for small teams');
    expect(ics).toContain('SUMMARY:Onboarding that does not feel like homework');

    // The private subscription link is made once and shown with its copy button.
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const sub = page.getByRole('dialog', { name: 'Subscribe to my agenda' });
    await sub.getByRole('button', { name: 'Get my private link' }).click();
    const link = await sub.getByLabel('Private calendar link').inputValue();
    expect(link).toMatch(/\/agenda\/feed\.ics\?token=/);
    const feed = await fetch(link.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
    expect(await feed.text()).toContain('SUMMARY:Calm on-call for small teams');
    await sub.getByRole('button', { name: 'Close' }).click();

    // Taking one out clears the overlap.
    const calm = page.locator('.session-card', { has: page.getByRole('link', { name: 'Calm on-call for small teams' }) });
    await calm.getByRole('button', { name: 'Remove from my agenda' }).click();
    await page.getByText('Overlaps with Calm on-call for small teams').waitFor({ state: 'detached' });
    expect(anna.errors).toEqual([]);
  });

  it('asks and upvotes a question live between two browsers; the speaker marks it answered', async () => {
    const anna = await person('anna@demo.test', DESKTOP);
    const ben = await person('ben@demo.test');
    const id = await sessionId(anna, 'Offline-first apps for venues with bad Wi-Fi');
    await ben.page.goto(`/agenda/${ben.agenda.app_module_id}/${id}`);
    await ben.page.getByRole('heading', { name: 'Questions' }).waitFor();
    await anna.page.goto(`/agenda/${anna.agenda.app_module_id}/${id}`);
    await anna.page.getByRole('heading', { name: 'Questions' }).waitFor();
    expect(await seriousViolations(anna.page)).toEqual([]);

    const text = `Will the demo code be online? ${Date.now()}`;
    await anna.page.getByLabel('Your question').fill(text);
    await anna.page.getByRole('button', { name: 'Ask', exact: true }).click();
    // Ben sees it without a reload, and upvotes it.
    const onBen = ben.page.locator('.qa-item', { hasText: text });
    await onBen.waitFor();
    await onBen.getByRole('button', { name: /Upvote/ }).click();
    const onAnna = anna.page.locator('.qa-item', { hasText: text });
    await onAnna.getByRole('button', { name: 'Upvote: 1 vote' }).waitFor();
    // Ben speaks at this session: he moderates its Q&A.
    await onBen.getByRole('button', { name: 'Mark answered' }).click();
    await onAnna.getByText('Answered', { exact: true }).waitFor();
    expect(await onAnna.getByRole('button', { name: 'Mark answered' }).count()).toBe(0);
    // An empty question is refused with the server's message.
    await anna.page.getByLabel('Your question').fill('   ');
    expect(await anna.page.getByRole('button', { name: 'Ask', exact: true }).isDisabled()).toBe(true);
    // A paste past the limit is not cut: the field says so and Ask waits.
    await anna.page.getByLabel('Your question').fill('q'.repeat(AGENDA_LIMITS.questionMax + 1));
    await anna.page.getByRole('alert').filter({ hasText: 'You have exceeded max content size!' }).waitFor();
    expect(await anna.page.getByLabel('Your question').inputValue()).toHaveLength(AGENDA_LIMITS.questionMax + 1);
    expect(await anna.page.getByRole('button', { name: 'Ask', exact: true }).isDisabled()).toBe(true);
    await anna.page.getByLabel('Your question').fill('');
    expect([...anna.errors, ...ben.errors]).toEqual([]);
  });

  it('rates a session that has taken place, keeps the rating, and another reader sees the average live', async () => {
    const anna = await person('anna@demo.test');
    const ben = await person('ben@demo.test', DESKTOP);
    const id = await sessionId(anna, 'Designing for the crowded hall');
    await ben.page.goto(`/agenda/${ben.agenda.app_module_id}/${id}`);
    const benRating = ben.page.getByRole('region', { name: 'Rate this session' });
    await benRating.waitFor();
    await anna.page.goto(`/agenda/${anna.agenda.app_module_id}/${id}`);
    const rating = anna.page.getByRole('region', { name: 'Rate this session' });
    await rating.locator('label.star').nth(3).click();
    await rating.getByLabel('Comment (optional)').fill('Practical and well paced.');
    await rating.getByRole('button', { name: 'Save rating' }).click();
    await anna.page.getByText('Thanks for your rating!').waitFor();
    // Ben's open screen shows the average Anna's answer brought, without a reload.
    const average = await rating.locator('p.muted').first().textContent();
    expect(average).toMatch(/out of 5 from/);
    await benRating.locator('p.muted', { hasText: average ?? '' }).waitFor();
    await anna.page.reload();
    await rating.getByRole('radio', { name: '4 stars' }).waitFor();
    expect(await rating.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    expect(await rating.getByLabel('Comment (optional)').inputValue()).toBe('Practical and well paced.');
    expect(await seriousViolations(anna.page)).toEqual([]);
  });

  it('shows a speaker’s sessions with their days, and says so once when a session is not there', async () => {
    const anna = await person('anna@demo.test');
    const id = await sessionId(anna, 'Offline-first apps for venues with bad Wi-Fi');
    const session = await authed<{ speakers: Array<{ id: number }> }>(
      anna.page,
      'demo',
      `/agenda/${anna.agenda.app_module_id}/sessions/${id}`,
    );
    const speaker = session.speakers[0]?.id;
    await anna.page.goto(`/agenda/${anna.agenda.app_module_id}/${id}/${speaker}`);
    const times = anna.page.locator('.agenda-speaker .session-time time:first-child');
    await times.first().waitFor();
    // "27 Nov 2026, 14:30": sessions on different days do not look like a clash.
    for (const text of await times.allTextContents()) expect(text).toMatch(/^\d{2} \S+ \d{4}, \d{1,2}:\d{2}/);

    const missing = `/agenda/${anna.agenda.app_module_id}/sessions/999999`;
    const asked: string[] = [];
    anna.page.on('request', (r) => {
      if (new URL(r.url()).pathname === missing) asked.push(r.url());
    });
    await anna.page.goto(`/agenda/${anna.agenda.app_module_id}/999999`);
    await anna.page.getByRole('heading', { name: 'This session does not exist or was removed' }).waitFor();
    await settle(anna.page);
    expect(await anna.page.getByRole('dialog', { name: 'Whoops' }).count()).toBe(0);
    expect(asked).toHaveLength(1);
    expect(anna.errors).toEqual([]);
  });
});
