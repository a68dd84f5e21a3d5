import type { AddressInfo } from 'node:net';
import { directoryFilters, directoryList } from '@app/contract/schemas/appusers';
import { myProfile, relatedList, userNote, userProfile } from '@app/contract/schemas/users';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf, multipart, pageHeaders, sleep } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import { eventRegistrations, events } from '../events/events.table.ts';
import { PROFILE_EVENT_GAP_MS } from './profiles.live.ts';
import { userFlags } from './profiles.table.ts';
import { users } from './users.table.ts';

/** Profiles (sections, photo, preferences, favorites, notes) and the user directory, on tenants of their own. */
let t: TestApp;
let tenant: Tenant;
let other: Tenant;
let dirId: number;
type Member = Awaited<ReturnType<typeof makeUser>>;
let me: Member;
let peer: Member;
let owner: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await makeTenant(t, { modules: ['profile', 'appusers'] });
  other = await makeTenant(t, { modules: ['appusers'] });
  dirId = tenant.modules.find((m) => m.type === 'appusers')?.id ?? 0;
  me = await makeUser(t, tenant, { firstName: 'Mia', lastName: 'Maker', jobTitle: 'Designer', company: 'Lumen Labs' });
  peer = await makeUser(t, tenant, { firstName: 'Paul', lastName: 'Peer', jobTitle: 'Data Scientist', company: 'Kestrel AI' });
  owner = await makeUser(t, tenant, { firstName: 'Olga', lastName: 'Owner', jobTitle: 'Organiser', isAdmin: true });
  stranger = await makeUser(t, other, { firstName: 'Sam', lastName: 'Stranger', jobTitle: 'Spy', company: 'Kestrel AI' });
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload === undefined ? {} : { payload: payload as object }) });
const card = { first_name: 'Mia', last_name: 'Maker', job_title: 'Designer' };
const full = {
  ...card,
  company: 'Lumen Labs',
  location: 'Lisbon',
  pitch: 'I design calm interfaces for busy people.',
  additional_info: 'Ask me about type.',
  public_email: 'mia@lumen.example',
  social_urls: ['https://www.linkedin.com/in/mia', 'https://mastodon.social/@mia'],
  interested_in: ['Accessibility', 'Design systems'],
  expert_in: ['Typography'],
  looking_for: ['Co-founder'],
  hobbies: ['Bouldering'],
  touchpoints: ['Coffee break', 'Booth 12'],
  topics: ['Dark patterns'],
};

describe('my profile', () => {
  it('saves every section and answers them back; a section left out stays', async () => {
    const res = await call(me.token, 'PUT', '/user/profile', {
      ...full,
      interested_in: ['Accessibility', 'accessibility', 'Design systems'],
    });
    expect(res.statusCode).toBe(200);
    const p = myProfile.parse(res.json());
    expect(p).toMatchObject({ ...full, photo: null, preferences: { email_visibility: 'members', listed_in_directory: true } });
    const again = myProfile.parse((await call(me.token, 'PUT', '/user/profile', card)).json());
    expect(again.pitch).toBe(full.pitch);
    expect(again.social_urls).toEqual(full.social_urls);
    expect(myProfile.parse((await call(me.token, 'GET', '/user/profile')).json()).touchpoints).toEqual(full.touchpoints);
  });

  it('answers 422 with a translated message on each bad field', async () => {
    const res = await call(me.token, 'PUT', '/user/profile', {
      first_name: ' ',
      last_name: 'Maker',
      job_title: 'Designer',
      public_email: 'not-an-address',
      social_urls: ['https://ok.example', 'javascript:alert(1)', 'ftp://files.example'],
      pitch: 'x'.repeat(2001),
      hobbies: Array.from({ length: 21 }, (_, i) => `Hobby ${i}`),
      topics: ['y'.repeat(41)],
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(fieldErrorsOf(res).map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      first_name: 'Value cannot be blank',
      public_email: 'Public Email is not a valid email address',
      'social_urls.1': 'Enter a profile address starting with http:// or https://',
      'social_urls.2': 'Enter a profile address starting with http:// or https://',
      pitch: 'You have exceeded max content size!',
      hobbies: 'At most 20 tags',
      'topics.0': 'At most 40 characters per tag',
    });
    expect(byField['social_urls.0']).toBeUndefined();
    const de = await t.app.inject({
      method: 'PUT',
      url: '/user/profile',
      headers: { 'access-token': me.token, cookie: 'locale=de_DE' },
      payload: { ...card, public_email: 'nope' },
    });
    expect(fieldErrorsOf(de)[0]?.message).not.toBe('Public Email is not a valid email address');
    expect(myProfile.parse((await call(me.token, 'GET', '/user/profile')).json()).public_email).toBe(full.public_email);
  });

  it('stores a photo whole, its longer side at most 1600 px, and refuses what is not an image', async () => {
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();
    const body = multipart('photo', 'me.jpg', big);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/photo',
      headers: { 'access-token': me.token, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const p = myProfile.parse(res.json());
    expect(p.photo).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
    const file = await t.app.inject({ url: p.photo ?? '' });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 1600, height: 800 });
    const bad = multipart('photo', 'x.jpg', Buffer.from('not an image'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/user/photo',
      headers: { 'access-token': me.token, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrorsOf(refused)[0]?.field).toBe('photo');
  });
});

describe("another member's profile", () => {
  it('shows every section to a member of the app, the e-mail only while its owner allows', async () => {
    const res = await call(peer.token, 'GET', `/user/${me.user.id}/profile`);
    expect(res.statusCode).toBe(200);
    expect(userProfile.parse(res.json())).toMatchObject({
      fullname: 'Mia Maker',
      pitch: full.pitch,
      public_email: full.public_email,
      is_favorite: false,
    });
    const prefs = await call(me.token, 'PUT', '/user/profile/preferences', { email_visibility: 'nobody' });
    expect(myProfile.parse(prefs.json()).preferences.email_visibility).toBe('nobody');
    expect(userProfile.parse((await call(peer.token, 'GET', `/user/${me.user.id}/profile`)).json()).public_email).toBe('');
    expect(userProfile.parse((await call(me.token, 'GET', `/user/${me.user.id}/profile`)).json()).public_email).toBe(full.public_email);
    expect((await call(me.token, 'PUT', '/user/profile/preferences', { email_visibility: 'everyone' })).statusCode).toBe(422);
    await call(me.token, 'PUT', '/user/profile/preferences', { email_visibility: 'members' });
  });

  it('is a 404 for a member of another app, an unknown id, and without a token a 401', async () => {
    expect((await call(stranger.token, 'GET', `/user/${me.user.id}/profile`)).statusCode).toBe(404);
    expect((await call(me.token, 'GET', `/user/${stranger.user.id}/profile`)).statusCode).toBe(404);
    expect((await call(me.token, 'GET', '/user/2147483000/profile')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/user/${me.user.id}/profile` })).statusCode).toBe(401);
  });

  it('takes a report of a member once, says so on their profile to the reporter only; not yourself, not another app', async () => {
    const view = async (token: string) => userProfile.parse((await call(token, 'GET', `/user/${peer.user.id}/profile`)).json());
    expect((await view(me.token)).reported).toBe(false);
    const flag = (token: string, id: number) =>
      t.app.inject({ method: 'POST', url: `/user/${id}/flag`, headers: { 'access-token': token } });
    for (let i = 0; i < 2; i++) {
      const res = await flag(me.token, peer.user.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    expect((await view(me.token)).reported).toBe(true);
    expect((await view(owner.token)).reported).toBe(false);
    const rows = await t.app.ctx.db.select().from(userFlags).where(eq(userFlags.subjectId, peer.user.id));
    expect(rows.map((r) => r.reporterId)).toEqual([me.user.id]);
    expect(fieldErrorsOf(await flag(me.token, me.user.id))).toEqual([{ field: '_popup', message: 'This is your own profile' }]);
    expect((await flag(stranger.token, peer.user.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/user/${peer.user.id}/flag` })).statusCode).toBe(401);
  });
});

describe('favorites', () => {
  it('adds, lists with search and paging, and removes', async () => {
    expect(errorOf(await call(me.token, 'PUT', `/user/${stranger.user.id}/favorite`)).status).toBe(404);
    expect((await call(me.token, 'PUT', `/user/${me.user.id}/favorite`)).statusCode).toBe(422);
    for (const u of [peer, owner])
      expect((await call(me.token, 'PUT', `/user/${u.user.id}/favorite`)).json()).toEqual({ is_favorite: true });
    // Twice is once.
    await call(me.token, 'PUT', `/user/${peer.user.id}/favorite`);
    const all = await call(me.token, 'GET', '/user/favorites');
    expect(relatedList.parse(all.json()).map((u) => u.fullname)).toEqual(['Olga Owner', 'Paul Peer']);
    expect(pageHeaders(all).totalCount).toBe(2);
    const found = relatedList.parse((await call(me.token, 'GET', '/user/favorites?search=kestrel')).json());
    expect(found.map((u) => u.id)).toEqual([peer.user.id]);
    expect(relatedList.parse((await call(me.token, 'GET', '/user/favorites?search=50%25')).json())).toEqual([]);
    const page2 = await call(me.token, 'GET', '/user/favorites?per-page=1&page=2');
    expect(relatedList.parse(page2.json()).map((u) => u.id)).toEqual([peer.user.id]);
    expect(userProfile.parse((await call(me.token, 'GET', `/user/${peer.user.id}/profile`)).json()).is_favorite).toBe(true);
    // Nobody else sees them.
    expect(relatedList.parse((await call(peer.token, 'GET', '/user/favorites')).json())).toEqual([]);
    expect((await call(me.token, 'DELETE', `/user/${owner.user.id}/favorite`)).json()).toEqual({ is_favorite: false });
    expect(relatedList.parse((await call(me.token, 'GET', '/user/favorites')).json()).map((u) => u.id)).toEqual([peer.user.id]);
  });
});

describe('private notes', () => {
  it('only the author ever reads a note; empty text deletes it; too long is a 422', async () => {
    expect(userNote.parse((await call(me.token, 'GET', `/user/${peer.user.id}/note`)).json())).toEqual({ text: '', updated_at: null });
    const saved = await call(me.token, 'PUT', `/user/${peer.user.id}/note`, { text: '  Met at the keynote; wants a demo.  ' });
    expect(userNote.parse(saved.json()).text).toBe('Met at the keynote; wants a demo.');
    expect(userNote.parse((await call(me.token, 'GET', `/user/${peer.user.id}/note`)).json()).text).toBe(
      'Met at the keynote; wants a demo.',
    );
    // The subject, the app owner and a stranger never see it.
    expect(userNote.parse((await call(peer.token, 'GET', `/user/${me.user.id}/note`)).json()).text).toBe('');
    expect(userNote.parse((await call(owner.token, 'GET', `/user/${peer.user.id}/note`)).json()).text).toBe('');
    expect((await call(stranger.token, 'GET', `/user/${peer.user.id}/note`)).statusCode).toBe(404);
    expect((await call(me.token, 'PUT', `/user/${stranger.user.id}/note`, { text: 'x' })).statusCode).toBe(404);
    const long = await call(me.token, 'PUT', `/user/${peer.user.id}/note`, { text: 'x'.repeat(2001) });
    expect(fieldErrorsOf(long)).toEqual([{ field: 'text', message: 'You have exceeded max content size!' }]);
    await call(me.token, 'PUT', `/user/${peer.user.id}/note`, { text: '' });
    expect(userNote.parse((await call(me.token, 'GET', `/user/${peer.user.id}/note`)).json()).updated_at).toBeNull();
  });
});

describe('the user directory', () => {
  const list = async (token: string, query = '') => {
    const res = await call(token, 'GET', `/appusers/${dirId}/users${query}`);
    expect(res.statusCode).toBe(200);
    return { items: directoryList.parse(res.json()), total: pageHeaders(res).totalCount };
  };

  it('searches name, job title, company and interests, with filters and paging', async () => {
    await call(peer.token, 'PUT', '/user/profile', {
      first_name: 'Paul',
      last_name: 'Peer',
      job_title: 'Data Scientist',
      company: 'Kestrel AI',
      interested_in: ['Machine learning', 'Chess'],
    });
    expect((await list(me.token)).total).toBe(3);
    expect((await list(me.token, '?search=pau')).items.map((u) => u.id)).toEqual([peer.user.id]);
    expect((await list(me.token, '?search=scientist%20kestrel')).items.map((u) => u.id)).toEqual([peer.user.id]);
    expect((await list(me.token, '?search=machine')).items.map((u) => u.id)).toEqual([peer.user.id]);
    expect((await list(me.token, '?search=achine')).items).toEqual([]);
    expect((await list(me.token, '?interest=chess')).items.map((u) => u.id)).toEqual([peer.user.id]);
    expect((await list(me.token, '?company=lumen%20labs')).items.map((u) => u.id)).toEqual([me.user.id]);
    expect((await list(me.token, '?photo=1')).items.map((u) => u.id)).toEqual([me.user.id]);
    const favs = await list(me.token, '?favorites=1');
    expect(favs.items.map((u) => [u.id, u.is_favorite])).toEqual([[peer.user.id, true]]);
    const page = await list(me.token, '?per-page=2&page=2');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(3);
    const filters = directoryFilters.parse((await call(me.token, 'GET', `/appusers/${dirId}/filters`)).json());
    expect(filters.interests.map((f) => f.id)).toContain('chess');
    expect(filters.companies.map((f) => f.name)).toEqual(expect.arrayContaining(['Kestrel AI', 'Lumen Labs']));
  });

  it('leaves out members who opted out, and is a 404 for another app', async () => {
    await call(owner.token, 'PUT', '/user/profile/preferences', { listed_in_directory: false });
    expect((await list(me.token)).items.map((u) => u.id)).not.toContain(owner.user.id);
    expect((await call(stranger.token, 'GET', `/appusers/${dirId}/users`)).statusCode).toBe(404);
    expect((await call(me.token, 'GET', `/appusers/${dirId}/users?search=${'x'.repeat(101)}`)).statusCode).toBe(422);
    expect((await call(stranger.token, 'GET', `/appusers/${dirId}/filters`)).statusCode).toBe(404);
  });
});

describe('who a list of people shows (listedMember)', () => {
  // A tenant of its own: a reader, a member who opted out of listings, a friend who shares a chat
  // with her, and a deleted account (still "confirmed", so only deleted_at keeps it out).
  let ten: Tenant;
  let reader: Member;
  let hidden: Member;
  let friend: Member;
  let gone: Member;
  let chatsId: number;
  let eventId: number;
  const ids = (body: unknown) => (body as Array<{ id: number }>).map((u) => u.id);

  beforeAll(async () => {
    ten = await makeTenant(t, { modules: ['profile', 'appusers', 'chats', 'events'] });
    const mod = (type: string) => ten.modules.find((m) => m.type === type)?.id ?? 0;
    chatsId = mod('chats');
    reader = await makeUser(t, ten, { firstName: 'Rita', lastName: 'Reader', jobTitle: 'Analyst' });
    hidden = await makeUser(t, ten, { firstName: 'Hanna', lastName: 'Hidden', jobTitle: 'Analyst' });
    friend = await makeUser(t, ten, { firstName: 'Fred', lastName: 'Friend', jobTitle: 'Analyst' });
    gone = await makeUser(t, ten, { firstName: 'Gus', lastName: 'Gone', jobTitle: 'Analyst' });
    expect((await call(hidden.token, 'PUT', '/user/profile/preferences', { listed_in_directory: false })).statusCode).toBe(200);
    for (const who of [hidden, gone]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/chats/${chatsId}/chats`,
        headers: { 'access-token': friend.token },
        payload: { chat_type: 'chat', user_ids: [who.user.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    const [ev] = await t.app.ctx.db
      .insert(events)
      .values({
        appId: ten.app.id,
        appModuleId: mod('events'),
        title: 'Meetup',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: events.id });
    eventId = ev?.id ?? 0;
    await t.app.ctx.db
      .insert(eventRegistrations)
      .values([reader, hidden, friend, gone].map((m) => ({ eventId, userId: m.user.id, appId: ten.app.id })));
  });

  it('leaves an opted-out and a deleted member out of the directory, related lists and event attendees', async () => {
    const dir = await call(reader.token, 'GET', `/appusers/${ten.modules.find((m) => m.type === 'appusers')?.id}/users?per-page=100`);
    expect(ids(dir.json()).sort()).toEqual([reader.user.id, friend.user.id].sort());
    const related = await call(reader.token, 'GET', `/user/related-list?entity=module&id=${chatsId}&per-page=100`);
    expect(ids(relatedList.parse(related.json())).sort()).toEqual([reader.user.id, friend.user.id].sort());
    expect(pageHeaders(related).totalCount).toBe(2);
    const attendees = await call(reader.token, 'GET', `/user/related-list?entity=event&id=${eventId}&per-page=100`);
    expect(ids(relatedList.parse(attendees.json())).sort()).toEqual([reader.user.id, friend.user.id].sort());
    expect(pageHeaders(attendees).totalCount).toBe(2);
  });

  it('finds an opted-out member in the chat picker only for someone who shares a chat with her; a deleted one for nobody', async () => {
    const search = (token: string) => call(token, 'GET', `/chats/${chatsId}/users?search=analyst&per-page=100`);
    expect(ids((await search(reader.token)).json()).sort()).toEqual([friend.user.id]);
    expect(ids((await search(friend.token)).json()).sort()).toEqual([reader.user.id, hidden.user.id].sort());
  });

  it('keeps an opted-out favorite in my own favorites, not a deleted one', async () => {
    for (const who of [hidden, gone]) await call(reader.token, 'PUT', `/user/${who.user.id}/favorite`);
    const favs = await call(reader.token, 'GET', '/user/favorites?per-page=100');
    expect(ids(favs.json())).toEqual([hidden.user.id]);
  });
});

describe('removing the photo and the avatar', () => {
  const upload = async (field: 'photo' | 'avatar') => {
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#d53a7b' } })
      .jpeg()
      .toBuffer();
    const body = multipart(field, 'me.jpg', image);
    const res = await t.app.inject({
      method: 'POST',
      url: `/user/${field}`,
      headers: { 'access-token': me.token, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return myProfile.parse(res.json());
  };

  it('clears the column and deletes the stored file; only on my own profile', async () => {
    await upload('avatar');
    const { photo, avatar } = await upload('photo');
    expect(photo).toMatch(/^\/uploads\/photos\//);
    expect(avatar).toMatch(/^\/uploads\/avatars\//);
    for (const what of ['photo', 'avatar']) {
      // Another member of the app, or of another app: a 404, and nothing is removed.
      expect((await call(peer.token, 'DELETE', `/user/${me.user.id}/${what}`)).statusCode).toBe(404);
      expect((await call(stranger.token, 'DELETE', `/user/${me.user.id}/${what}`)).statusCode).toBe(404);
      expect((await call(me.token, 'DELETE', `/user/${stranger.user.id}/${what}`)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: photo ?? '' })).statusCode).toBe(200);
    expect(userProfile.parse((await call(peer.token, 'GET', `/user/${me.user.id}/profile`)).json())).toMatchObject({ photo, avatar });

    const noPhoto = await call(me.token, 'DELETE', `/user/${me.user.id}/photo`);
    expect(noPhoto.statusCode).toBe(200);
    expect(myProfile.parse(noPhoto.json())).toMatchObject({ photo: null, avatar });
    expect((await t.app.inject({ url: photo ?? '' })).statusCode).toBe(404);
    const noAvatar = myProfile.parse((await call(me.token, 'DELETE', `/user/${me.user.id}/avatar`)).json());
    expect(noAvatar).toMatchObject({ photo: null, avatar: null, pitch: full.pitch });
    expect((await t.app.inject({ url: avatar ?? '' })).statusCode).toBe(404);
    expect(userProfile.parse((await call(peer.token, 'GET', `/user/${me.user.id}/profile`)).json())).toMatchObject({
      photo: null,
      avatar: null,
    });
    // The directory forgets the photo at once (its cache is dropped).
    const listed = directoryList.parse((await call(me.token, 'GET', `/appusers/${dirId}/users?photo=1`)).json());
    expect(listed.map((u) => u.id)).not.toContain(me.user.id);
    // Twice is fine: nothing left to remove.
    expect((await call(me.token, 'DELETE', `/user/${me.user.id}/photo`)).statusCode).toBe(200);
    expect((await call(me.token, 'DELETE', `/user/${me.user.id}/avatar`)).statusCode).toBe(200);
  });
});

describe('live profiles', () => {
  it('tells the members of the app who changed (an id only, once per gap), not another app, not when nothing public changed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const mine = socketClient(base, peer.token);
    const theirs = socketClient(base, stranger.token);
    const got: unknown[] = [];
    const leaked: unknown[] = [];
    mine.on('profileUpdated', (e) => got.push(e));
    theirs.on('profileUpdated', (e) => leaked.push(e));
    await Promise.all([connected(mine), connected(theirs)]);
    try {
      // The owner saves the card as it is: nothing others see changed, no event.
      const ownerNow = myProfile.parse((await call(owner.token, 'GET', '/user/profile')).json());
      const same = { first_name: ownerNow.first_name, last_name: ownerNow.last_name, job_title: ownerNow.job_title };
      expect((await call(owner.token, 'PUT', '/user/profile', same)).statusCode).toBe(200);

      const started = Date.now();
      expect((await call(me.token, 'PUT', '/user/profile', { ...card, job_title: 'Lead Designer' })).statusCode).toBe(200);
      await until(() => got.length === 1);
      expect(got).toEqual([{ user_id: me.user.id }]);
      // Two more changes inside the gap: one event at its end.
      await call(me.token, 'PUT', '/user/profile', { ...card, job_title: 'Principal Designer' });
      await call(me.token, 'PUT', '/user/profile', { ...card, company: 'Lumen Studio' });
      await until(() => got.length === 2, PROFILE_EVENT_GAP_MS + 2000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(PROFILE_EVENT_GAP_MS - 50);
      await sleep(300);
      expect(got).toEqual([{ user_id: me.user.id }, { user_id: me.user.id }]);
      expect(leaked).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
