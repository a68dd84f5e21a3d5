import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { catalogItem, catalogItemDetail, wantToBuyAnswer } from '@app/contract/schemas/catalog';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, errorOf, fieldErrorsOf, pageHeaders } from '../../../test/helpers.ts';
import { createMailer } from '../../lib/mail.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { appModules } from '../apps/apps.table.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { buyRequestsPerWindow } from './catalog.routes.ts';
import { BUY_REQUESTS_PER_DAY, buyMail } from './catalog.service.ts';
import { catalogBuyRequests, catalogFlags, catalogItems } from './catalog.table.ts';

let t: TestApp;
let tenant: Tenant;
let mod: ModuleRow;
let otherMod: ModuleRow;
let anna: Member;
let ben: Member;
let cleo: Member;
let stranger: Member;
let strangerMod: ModuleRow;
let strangerItem: number;
const ids = { nordlight: 0, harbour: 0, kinship: 0, nocontact: 0, elsewhere: 0 };
/** The server's log lines (pino JSON), to show what a failure writes. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

/** Items of a module straight into the table, described as the server would store them. */
async function addItem(
  m: ModuleRow,
  values: { name: string; category?: string; location?: string; html?: string; contact?: string | null },
) {
  const body = sanitizeRichText(values.html ?? '<p>An exhibitor.</p>');
  const [row] = await t.app.ctx.db
    .insert(catalogItems)
    .values({
      appId: m.appId,
      appModuleId: m.id,
      name: values.name,
      category: values.category ?? null,
      location: values.location ?? null,
      logoUrl: '/uploads/catalog/x.svg',
      website: 'https://www.example.test/shop',
      contactEmail:
        values.contact === undefined ? `sales.${values.name.toLowerCase().replace(/\W+/g, '')}@exhibitors.test` : values.contact,
      descriptionHtml: body.html,
      descriptionText: body.text,
    })
    .returning({ id: catalogItems.id });
  if (!row) throw new Error('insert catalog_items returned nothing');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { users: 0, logStream });
  tenant = await makeTenant(t, { modules: ['catalog', 'catalog'] });
  [mod, otherMod] = tenant.modules as [ModuleRow, ModuleRow];
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able', email: 'anna.able@factory.test' });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
  cleo = await makeUser(t, tenant, { firstName: 'Cleo', lastName: 'Cole' });
  ids.nordlight = await addItem(mod, {
    name: 'Nordlight Cloud',
    category: 'Cloud & hosting',
    location: 'Hall A · Booth A12',
    html: '<p>Carbon-aware <strong>cloud regions</strong> in Oslo.</p><script>alert(1)</script><p onclick="x()">Managed Postgres</p>',
  });
  ids.harbour = await addItem(mod, { name: 'Harbour Coworking', category: 'Community', html: '<p>The best espresso in town.</p>' });
  ids.kinship = await addItem(mod, { name: 'Kinship HR', html: '<p>Onboarding für Teams, Übersetzungen inklusive.</p>' });
  ids.nocontact = await addItem(mod, { name: 'Zeta Without Contact', contact: null });
  for (let i = 1; i <= 21; i++) await addItem(mod, { name: `Vendor ${String(i).padStart(2, '0')}` });
  ids.elsewhere = await addItem(otherMod, { name: 'Nordlight In Another Module' });
  const other = await makeTenant(t, { modules: ['catalog'] });
  strangerMod = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other);
  strangerItem = await addItem(strangerMod, { name: 'Stranger Goods' });
});
afterAll(() => t.close());

const call = caller(() => t);
const url = (rest = '', m: ModuleRow = mod) => `/catalog/${m.id}/items${rest}`;

async function list(who: Member, query = '', m: ModuleRow = mod) {
  const res = await call(who.token, 'GET', url(query, m));
  expect(res.statusCode, res.body).toBe(200);
  return { items: catalogItem.array().parse(res.json()), headers: pageHeaders(res) };
}
const names = (items: { name: string }[]) => items.map((i) => i.name);
const mailsTo = (to: string) => t.mailer.outbox().filter((m) => m.to === to);

describe('catalog list', () => {
  it('lists the module’s items by name, page by page, with the pagination headers', async () => {
    const first = await list(anna, '?per-page=10');
    expect(first.headers).toEqual({ pageCount: 3, totalCount: 25, currentPage: 1, perPage: 10 });
    expect(names(first.items).slice(0, 3)).toEqual(['Harbour Coworking', 'Kinship HR', 'Nordlight Cloud']);
    const last = await list(anna, '?per-page=10&page=3');
    expect(last.items).toHaveLength(5);
    expect(last.items.at(-1)?.name).toBe('Zeta Without Contact');
    const all = [...first.items, ...(await list(anna, '?per-page=10&page=2')).items, ...last.items];
    expect(new Set(all.map((i) => i.id)).size).toBe(25);
    expect(names(all)).not.toContain('Nordlight In Another Module');
  });

  it('answers the list shape only: a plain-text summary, never the contact', async () => {
    const { items } = await list(anna, '?search=nordlight');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Nordlight Cloud', category: 'Cloud & hosting', location: 'Hall A · Booth A12' });
    expect(items[0]?.summary).toContain('Carbon-aware cloud regions in Oslo.');
    expect(JSON.stringify(items)).not.toContain('@exhibitors.test');
  });

  it('finds by any word prefix of name, category, booth or description; all words must match', async () => {
    expect(names((await list(anna, '?search=nord')).items)).toEqual(['Nordlight Cloud']);
    expect(names((await list(anna, '?search=ESPRESSO')).items)).toEqual(['Harbour Coworking']);
    expect(names((await list(anna, '?search=community')).items)).toEqual(['Harbour Coworking']);
    expect(names((await list(anna, '?search=A12')).items)).toEqual(['Nordlight Cloud']);
    expect(names((await list(anna, `?search=${encodeURIComponent('übersetz')}`)).items)).toEqual(['Kinship HR']);
    expect(names((await list(anna, '?search=cloud%20oslo')).items)).toEqual(['Nordlight Cloud']);
    expect((await list(anna, '?search=cloud%20espresso')).items).toEqual([]);
    const vendors = await list(anna, '?search=vendor&per-page=5&page=2');
    expect(vendors.headers).toMatchObject({ totalCount: 21, pageCount: 5 });
    expect(names(vendors.items)).toEqual(['Vendor 06', 'Vendor 07', 'Vendor 08', 'Vendor 09', 'Vendor 10']);
  });

  it('offers its categories as filters, with their counts, and lists one category on its own', async () => {
    const res = await call(anna.token, 'GET', `/catalog/${mod.id}/categories`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { name: 'Cloud & hosting', count: 1 },
      { name: 'Community', count: 1 },
    ]);
    const cloud = await list(anna, `?category=${encodeURIComponent('Cloud & hosting')}`);
    expect(names(cloud.items)).toEqual(['Nordlight Cloud']);
    expect(cloud.headers.totalCount).toBe(1);
    // With a search, both must match; a category nobody has lists nothing.
    expect((await list(anna, '?category=Community&search=nord')).items).toEqual([]);
    expect((await list(anna, '?category=Nobody')).items).toEqual([]);
    // Another app's module is not found; another module of the app has its own categories (none).
    expect((await call(anna.token, 'GET', `/catalog/${strangerMod.id}/categories`)).statusCode).toBe(404);
    expect((await call(anna.token, 'GET', `/catalog/${otherMod.id}/categories`)).json()).toEqual([]);
  });

  it('takes any input as words, never as query syntax', async () => {
    for (const q of ["nord'&|!:*()", '<>', '%_\\', '  ', 'a:* | b']) {
      const res = await call(anna.token, 'GET', `${url()}?search=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect(names((await list(anna, `?search=${encodeURIComponent("nord'&|!")}`)).items)).toEqual(['Nordlight Cloud']);
  });

  it('answers an empty page with total 0 when nothing matches', async () => {
    const none = await list(anna, '?search=zzzzqq');
    expect(none.items).toEqual([]);
    expect(none.headers).toMatchObject({ totalCount: 0, pageCount: 1 });
  });

  it('refuses a search over 100 characters with a translated field message', async () => {
    const res = await call(anna.token, 'GET', `${url()}?search=${'x'.repeat(101)}`);
    expect(fieldErrorsOf(res)).toEqual([{ field: 'search', message: 'Search should contain at most 100 characters' }]);
    const de = await call(anna.token, 'GET', `${url()}?search=${'x'.repeat(101)}`, undefined, { cookie: 'locale=de_DE' });
    expect(fieldErrorsOf(de)).toEqual([{ field: 'search', message: 'Die Suche darf höchstens 100 Zeichen enthalten' }]);
  });

  it('finds words of scripts with combining marks, a Turkish capital İ and text typed decomposed', async () => {
    await addItem(otherMod, { name: 'Bharat Bazaar', html: '<p>हिन्दी में सहायता उपलब्ध है।</p>' });
    await addItem(otherMod, { name: 'Bosphorus Tours', category: 'İstanbul' });
    await addItem(otherMod, { name: 'Saigon Lessons', html: '<p>Học Ti\u1EBFng Vi\u1EC7t.</p>' });
    const found = async (q: string) => names((await list(anna, `?search=${encodeURIComponent(q)}`, otherMod)).items);
    // A Devanagari word holds vowel signs and a virama (marks): the whole word, and its prefix.
    expect(await found('हिन्दी')).toEqual(['Bharat Bazaar']);
    expect(await found('हिन्')).toEqual(['Bharat Bazaar']);
    expect(await found('हिन्दी सहायता')).toEqual(['Bharat Bazaar']);
    // JavaScript lowercases "İ" to "i" + a combining dot; PostgreSQL's `simple` lowercases both sides alike.
    expect(await found('İstanbul')).toEqual(['Bosphorus Tours']);
    expect(await found('İST')).toEqual(['Bosphorus Tours']);
    expect(await found('istanbul')).toEqual(['Bosphorus Tours']);
    // "ế" typed as "ê" + a combining acute is the stored (NFC) word.
    expect(await found('Tiê\u0301ng')).toEqual(['Saigon Lessons']);
    expect(await found('tiê\u0301ng viê\u0323t')).toEqual(['Saigon Lessons']);
    // A lone mark is a word of no letters: answered, never a query error.
    await list(anna, `?search=${encodeURIComponent('\u0301')}`, otherMod);
  });
});

describe('catalog item', () => {
  it('answers the details: sanitised description, website, marks; never the contact', async () => {
    const res = await call(anna.token, 'GET', url(`/${ids.nordlight}`));
    expect(res.statusCode, res.body).toBe(200);
    const item = catalogItemDetail.parse(res.json());
    expect(item).toMatchObject({
      id: ids.nordlight,
      app_module_id: mod.id,
      name: 'Nordlight Cloud',
      website: 'https://www.example.test/shop',
      logo: '/uploads/catalog/x.svg',
      can_buy: true,
      reported: false,
      buy_requested: false,
    });
    expect(item.description).toBe('<p>Carbon-aware <strong>cloud regions</strong> in Oslo.</p><p>Managed Postgres</p>');
    expect(res.body).not.toContain('@exhibitors.test');
    const plain = catalogItemDetail.parse((await call(anna.token, 'GET', url(`/${ids.nocontact}`))).json());
    expect(plain.can_buy).toBe(false);
  });

  it('is a 404 under another module, for another app’s item, or an unknown id', async () => {
    expect((await call(anna.token, 'GET', url(`/${ids.elsewhere}`))).statusCode).toBe(404);
    expect((await call(anna.token, 'GET', url(`/${ids.nordlight}`, otherMod))).statusCode).toBe(404);
    expect((await call(anna.token, 'GET', url(`/${strangerItem}`))).statusCode).toBe(404);
    expect((await call(anna.token, 'GET', url(`/${strangerItem}`, strangerMod))).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', url(`/${ids.nordlight}`))).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', url())).statusCode).toBe(404);
    expect((await call(anna.token, 'GET', url('/2147483647'))).statusCode).toBe(404);
    expect((await call(anna.token, 'POST', url(`/${strangerItem}/flag`, strangerMod))).statusCode).toBe(404);
    expect((await call(anna.token, 'POST', url(`/${strangerItem}/want-to-buy`, strangerMod), {})).statusCode).toBe(404);
  });

  it('is a 404 for the demo catalog with a token of the other demo app', async () => {
    const demo = await appByKey(t, 'demo');
    const [demoCatalog] = await t.app.ctx.db
      .select()
      .from(appModules)
      .where(and(eq(appModules.appId, demo.id), eq(appModules.type, 'catalog')));
    if (!demoCatalog) throw new Error('the demo app has no catalog');
    const [demoItem] = await t.app.ctx.db.select().from(catalogItems).where(eq(catalogItems.appModuleId, demoCatalog.id)).limit(1);
    if (!demoItem) throw new Error('the demo catalog has no items');
    const own = await login(t.app, 'anna@demo.test');
    expect((await call(own, 'GET', `/catalog/${demoCatalog.id}/items/${demoItem.id}`)).statusCode).toBe(200);
    const dark = await login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark');
    expect((await call(dark, 'GET', `/catalog/${demoCatalog.id}/items`)).statusCode).toBe(404);
    expect((await call(dark, 'GET', `/catalog/${demoCatalog.id}/items/${demoItem.id}`)).statusCode).toBe(404);
    expect((await call(dark, 'POST', `/catalog/${demoCatalog.id}/items/${demoItem.id}/flag`)).statusCode).toBe(404);
    expect((await call(dark, 'POST', `/catalog/${demoCatalog.id}/items/${demoItem.id}/want-to-buy`, {})).statusCode).toBe(404);
    expect(mailsTo(demoItem.contactEmail ?? '')).toHaveLength(0);
  });

  it('answers 401 to every call without a token', async () => {
    for (const [method, path] of [
      ['GET', url()],
      ['GET', url(`/${ids.nordlight}`)],
      ['POST', url(`/${ids.nordlight}/flag`)],
      ['POST', url(`/${ids.nordlight}/want-to-buy`)],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: { 'app-key': tenant.app.key },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 422 with field messages for bad ids', async () => {
    const res = await call(anna.token, 'GET', url('/abc'));
    expect(fieldErrorsOf(res).map((e) => e.field)).toEqual(['id']);
  });
});

describe('reporting an item', () => {
  it('counts once however often a member reports, and shows as reported to them only', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(ben.token, 'POST', url(`/${ids.harbour}/flag`));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    const rows = await t.app.ctx.db.select().from(catalogFlags).where(eq(catalogFlags.itemId, ids.harbour));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: ben.user.id, appId: tenant.app.id });
    const seen = (who: Member) => call(who.token, 'GET', url(`/${ids.harbour}`)).then((r) => catalogItemDetail.parse(r.json()).reported);
    expect(await seen(ben)).toBe(true);
    expect(await seen(cleo)).toBe(false);
  });
});

describe('want to buy', () => {
  const contact = 'sales.kinshiphr@exhibitors.test';

  it('mails the item’s contact the member’s name and e-mail once; a second request within a day sends nothing', async () => {
    expect(mailsTo(contact)).toHaveLength(0);
    const first = await call(anna.token, 'POST', url(`/${ids.kinship}/want-to-buy`), { message: 'Do you offer a plan for 40 people?' });
    expect(first.statusCode, first.body).toBe(200);
    expect(wantToBuyAnswer.parse(first.json())).toEqual({ success: true, already_sent: false });
    const mails = mailsTo(contact);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('Anna Able wants to buy from Kinship HR');
    expect(mail?.text).toContain('Anna Able <anna.able@factory.test>');
    expect(mail?.text).toContain('Do you offer a plan for 40 people?');
    expect(mail?.html).toContain('mailto:anna.able@factory.test');
    expect(mail?.from).toContain(tenant.app.name);
    expect(mail?.from).toContain('no-reply@');
    expect(mail?.replyTo).toBe('anna.able@factory.test');

    const again = await call(anna.token, 'POST', url(`/${ids.kinship}/want-to-buy`), {});
    expect(again.statusCode, again.body).toBe(200);
    expect(wantToBuyAnswer.parse(again.json())).toEqual({ success: true, already_sent: true });
    expect(mailsTo(contact)).toHaveLength(1);
    expect(catalogItemDetail.parse((await call(anna.token, 'GET', url(`/${ids.kinship}`))).json()).buy_requested).toBe(true);

    // Another member is another request.
    const bens = await call(ben.token, 'POST', url(`/${ids.kinship}/want-to-buy`), {});
    expect(wantToBuyAnswer.parse(bens.json()).already_sent).toBe(false);
    expect(mailsTo(contact)).toHaveLength(2);
  });

  it('sends one mail for two requests at the same moment', async () => {
    const target = 'sales.vendor01@exhibitors.test';
    const [vendor] = await t.app.ctx.db.select().from(catalogItems).where(eq(catalogItems.contactEmail, target));
    if (!vendor) throw new Error('no vendor 01');
    const answers = await Promise.all([0, 1, 2].map(() => call(cleo.token, 'POST', url(`/${vendor.id}/want-to-buy`), {})));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => !wantToBuyAnswer.parse(a.json()).already_sent)).toHaveLength(1);
    expect(mailsTo(target)).toHaveLength(1);
  });

  it('sends again once the last mail is a day old', async () => {
    await t.app.ctx.db
      .update(catalogBuyRequests)
      .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(catalogBuyRequests.itemId, ids.kinship), eq(catalogBuyRequests.userId, anna.user.id)));
    const res = await call(anna.token, 'POST', url(`/${ids.kinship}/want-to-buy`), {});
    expect(wantToBuyAnswer.parse(res.json()).already_sent).toBe(false);
    expect(mailsTo(contact)).toHaveLength(3);
  });

  it('gives the claim back when the mail cannot be sent: a 503 whose log holds no address', async () => {
    const before = logLines.length;
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await call(cleo.token, 'POST', url(`/${ids.nordlight}/want-to-buy`), {});
      expect(res.statusCode, res.body).toBe(503);
      expect(errorOf(res).message).toBe('Your request could not be sent right now. Please try again later.');
      const de = await call(cleo.token, 'POST', url(`/${ids.nordlight}/want-to-buy`), {}, { cookie: 'locale=de_DE' });
      expect(errorOf(de).message).toBe('Deine Anfrage konnte gerade nicht gesendet werden. Bitte versuche es später noch einmal.');
    } finally {
      t.mailer.send = send;
    }
    expect(logLines.slice(before).filter((l) => l.includes('want-to-buy mail failed'))).toHaveLength(2);
    expect(logLines.slice(before).join('\n')).not.toContain('smtp down');
    const retry = await call(cleo.token, 'POST', url(`/${ids.nordlight}/want-to-buy`), {});
    expect(wantToBuyAnswer.parse(retry.json()).already_sent).toBe(false);
    expect(mailsTo('sales.nordlightcloud@exhibitors.test')).toHaveLength(1);
  });

  it('makes every name one line: a name cannot add lines to the mail', async () => {
    const eve = await makeUser(t, tenant, {
      firstName: 'Eve\nBcc: spy@evil.test',
      lastName: 'Evans\r\n\u2028X',
      email: 'eve@factory.test',
    });
    const item = await addItem(otherMod, { name: 'Multi\r\nLine\tGoods' });
    const res = await call(eve.token, 'POST', url(`/${item}/want-to-buy`, otherMod), { message: 'first line\nsecond line' });
    expect(wantToBuyAnswer.parse(res.json()).already_sent).toBe(false);
    const [mail] = mailsTo('sales.multilinegoods@exhibitors.test');
    expect(mail?.subject).toBe('Eve Bcc: spy@evil.test Evans X wants to buy from Multi Line Goods');
    const lines = mail?.text.split('\n') ?? [];
    expect(lines).toContain('Contact: Eve Bcc: spy@evil.test Evans X <eve@factory.test>');
    expect(lines.filter((l) => l.startsWith('Bcc:') || l.startsWith('X') || l.startsWith('Line'))).toEqual([]);
    // The note keeps its lines: it stands alone after a blank line.
    expect(mail?.text).toContain('first line\nsecond line');
    expect(mail?.html).not.toMatch(/Eve\n|Evans\r/);

    const built = buyMail({
      locale: 'en_US',
      app: ' Expo\u2028Bcc: x@evil.test\u0085',
      item: 'Goods\u2029more',
      name: 'Ann\u0000Lee',
      email: 'ann@factory.test',
      note: '',
      color: '#000000',
    });
    expect(built.fromName).toBe('Expo Bcc: x@evil.test');
    expect(built.subject).toBe('Ann Lee wants to buy from Goods more');
    expect(built.text).toContain('Ann Lee saw Goods more in Expo Bcc: x@evil.test and would like to buy.');
  });

  it('allows a member 20 items within 24 hours: the 21st is a translated popup and sends nothing', async () => {
    const busy = await makeUser(t, tenant, { firstName: 'Busy', lastName: 'Buyer' });
    const items = await t.app.ctx.db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(and(eq(catalogItems.appModuleId, mod.id), isNotNull(catalogItems.contactEmail)))
      .orderBy(asc(catalogItems.id));
    expect(BUY_REQUESTS_PER_DAY).toBe(20);
    const asked = items.slice(0, 20).map((i) => i.id);
    const [next, old] = items.slice(20).map((i) => i.id);
    if (asked.length < 20 || !next || !old) throw new Error('too few items');
    const row = (itemId: number, hoursAgo = 1) => ({
      appId: tenant.app.id,
      itemId,
      userId: busy.user.id,
      sentAt: new Date(Date.now() - hoursAgo * 3_600_000),
    });
    // 19 requests an hour ago, one 25 hours ago (not counted), the 20th through the API.
    await t.app.ctx.db.insert(catalogBuyRequests).values([...asked.slice(0, 19).map((id) => row(id)), row(old, 25)]);
    const twentieth = await call(busy.token, 'POST', url(`/${asked[19]}/want-to-buy`), {});
    expect(wantToBuyAnswer.parse(twentieth.json()).already_sent).toBe(false);

    const before = t.mailer.outbox().length;
    const over = await call(busy.token, 'POST', url(`/${next}/want-to-buy`), {});
    expect(fieldErrorsOf(over)).toEqual([{ field: '_popup', message: 'You have sent many requests today. Please try again tomorrow.' }]);
    const fr = await call(busy.token, 'POST', url(`/${old}/want-to-buy`), {}, { cookie: 'locale=fr_FR' });
    expect(fieldErrorsOf(fr)).toEqual([
      { field: '_popup', message: "Vous avez envoyé beaucoup de demandes aujourd'hui. Veuillez réessayer demain." },
    ]);
    // An item already asked about today is still "already sent", not refused.
    const again = await call(busy.token, 'POST', url(`/${asked[0]}/want-to-buy`), {});
    expect(wantToBuyAnswer.parse(again.json())).toEqual({ success: true, already_sent: true });
    expect(t.mailer.outbox().length).toBe(before);

    // Once a request is a day old, one more item may be asked about.
    await t.app.ctx.db
      .update(catalogBuyRequests)
      .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(catalogBuyRequests.itemId, asked[0] ?? 0), eq(catalogBuyRequests.userId, busy.user.id)));
    const freed = await call(busy.token, 'POST', url(`/${next}/want-to-buy`), {});
    expect(wantToBuyAnswer.parse(freed.json()).already_sent).toBe(false);
    expect(t.mailer.outbox().length).toBe(before + 1);
  });

  it('lets no two requests at once pass the daily cap together', async () => {
    const racer = await makeUser(t, tenant, { firstName: 'Race', lastName: 'Car' });
    const items = await t.app.ctx.db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(and(eq(catalogItems.appModuleId, mod.id), isNotNull(catalogItems.contactEmail)))
      .orderBy(asc(catalogItems.id));
    await t.app.ctx.db
      .insert(catalogBuyRequests)
      .values(items.slice(0, BUY_REQUESTS_PER_DAY - 1).map((i) => ({ appId: tenant.app.id, itemId: i.id, userId: racer.user.id })));
    const rest = items.slice(BUY_REQUESTS_PER_DAY - 1, BUY_REQUESTS_PER_DAY + 3);
    const answers = await Promise.all(rest.map((i) => call(racer.token, 'POST', url(`/${i.id}/want-to-buy`), {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422]);
  });

  it('is a 404 for an item without a contact, and sends nothing', async () => {
    const before = t.mailer.outbox().length;
    expect((await call(anna.token, 'POST', url(`/${ids.nocontact}/want-to-buy`), {})).statusCode).toBe(404);
    expect(t.mailer.outbox().length).toBe(before);
  });

  it('refuses a note over 1000 characters or unknown fields with translated messages, and sends nothing', async () => {
    const before = t.mailer.outbox().length;
    const long = await call(ben.token, 'POST', url(`/${ids.nordlight}/want-to-buy`), { message: 'x'.repeat(1001) });
    expect(fieldErrorsOf(long)).toEqual([{ field: 'message', message: 'Message should contain at most 1000 characters' }]);
    const fr = await call(
      ben.token,
      'POST',
      url(`/${ids.nordlight}/want-to-buy`),
      { message: 'x'.repeat(1001) },
      { cookie: 'locale=fr_FR' },
    );
    expect(fieldErrorsOf(fr)).toEqual([{ field: 'message', message: 'Le message doit contenir au maximum 1000 caractères' }]);
    const extra = await call(ben.token, 'POST', url(`/${ids.nordlight}/want-to-buy`), { email: 'me@evil.test' });
    expect(fieldErrorsOf(extra).map((e) => e.field)).toEqual(['email']);
    expect(t.mailer.outbox().length).toBe(before);
  });

  it('is limited per member', async () => {
    const limited = await makeUser(t, tenant, { firstName: 'Lim', lastName: 'Ited' });
    const vendors = await t.app.ctx.db.select({ id: catalogItems.id }).from(catalogItems).where(eq(catalogItems.appModuleId, mod.id));
    const allowed = buyRequestsPerWindow(t.app.ctx.config.rateLimit.writes);
    expect(allowed).toBe(10);
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const item = vendors[i % vendors.length];
      statuses.push((await call(limited.token, 'POST', url(`/${item?.id}/want-to-buy`), {})).statusCode);
    }
    expect(statuses.slice(0, allowed).every((s) => s === 200 || s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another member is not affected.
    expect((await call(ben.token, 'POST', url(`/${ids.harbour}/want-to-buy`), {})).statusCode).toBe(200);
  });
});

describe('want to buy over SMTP', () => {
  const refused = 'sales.vendor02@exhibitors.test';
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let smtpSend: typeof t.mailer.send;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A rejection names the recipient, as real servers do.
      onRcptTo(address, _session, callback) {
        if (address.address !== refused) return callback();
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: mailbox full`), { responseCode: 552 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpSend = createMailer({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, outboxDir: undefined }).send;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  async function viaSmtp<T>(fn: () => Promise<T>): Promise<T> {
    const send = t.mailer.send;
    t.mailer.send = smtpSend;
    try {
      return await fn();
    } finally {
      t.mailer.send = send;
    }
  }

  it('sends from no-reply with the member as Reply-To', async () => {
    const rhea = await makeUser(t, tenant, { firstName: 'Rhea', lastName: 'Reply', email: 'rhea.reply@factory.test' });
    const res = await viaSmtp(() => call(rhea.token, 'POST', url(`/${ids.harbour}/want-to-buy`), {}));
    expect(wantToBuyAnswer.parse(res.json()).already_sent).toBe(false);
    const mail = received.find((m) => m.to.includes('sales.harbourcoworking@exhibitors.test'));
    expect(mail?.raw).toMatch(/^From: .*<no-reply@eventapp\.local>/m);
    expect(mail?.raw).toMatch(/^Reply-To: rhea\.reply@factory\.test\r?$/m);
  });

  it('answers 503 when the server refuses the contact, logs only the codes, and gives the claim back', async () => {
    const [vendor] = await t.app.ctx.db.select().from(catalogItems).where(eq(catalogItems.contactEmail, refused));
    if (!vendor) throw new Error('no vendor 02');
    const rita = await makeUser(t, tenant, { firstName: 'Rita', lastName: 'Refused', email: 'rita.refused@factory.test' });
    const before = logLines.length;
    const mailed = mailsTo(refused).length;
    const res = await viaSmtp(() => call(rita.token, 'POST', url(`/${vendor.id}/want-to-buy`), {}));
    expect(res.statusCode, res.body).toBe(503);
    expect(errorOf(res).message).toBe('Your request could not be sent right now. Please try again later.');
    const logged = logLines.slice(before);
    const failure = logged.find((l) => l.includes('want-to-buy mail failed'));
    expect(JSON.parse(failure ?? '{}')).toMatchObject({ code: 'EENVELOPE', responseCode: 552, item: vendor.id });
    expect(logged.join('\n')).not.toContain(refused);
    expect(logged.join('\n')).not.toContain('rita.refused');
    expect(logged.join('\n')).not.toContain('mailbox full');
    expect(res.body).not.toContain(refused);
    // The claim was given back: the next request sends (to the outbox).
    const retry = await call(rita.token, 'POST', url(`/${vendor.id}/want-to-buy`), {});
    expect(wantToBuyAnswer.parse(retry.json()).already_sent).toBe(false);
    expect(mailsTo(refused)).toHaveLength(mailed + 1);
  });
});
