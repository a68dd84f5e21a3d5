import { freeformPage } from '@app/contract/schemas/freeform';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, fieldErrorsOf } from '../../../test/helpers.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { DEMO_EVENT } from '../../platform/demo-story.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { appModules } from '../apps/apps.table.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { savePage } from './freeform.queries.ts';
import { VENUE_PAGE } from './freeform.seed.ts';

let t: TestApp;
let tenant: Tenant;
let page: ModuleRow;
let empty: ModuleRow;
let blog: ModuleRow;
let anna: Member;
let stranger: Member;
let strangerPage: ModuleRow;

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  tenant = await makeTenant(t, { modules: ['freeform', 'freeform', 'blogs'] });
  [page, empty, blog] = tenant.modules as [ModuleRow, ModuleRow, ModuleRow];
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able' });
  const body = sanitizeRichText('<h2>Venue</h2><p onclick="steal()">Kadeplein 4</p><script>alert(1)</script><hr>');
  await savePage(t.app.ctx.db, { appId: tenant.app.id, appModuleId: page.id, html: body.html, text: body.text });
  const other = await makeTenant(t, { modules: ['freeform'] });
  strangerPage = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other);
  await savePage(t.app.ctx.db, { appId: other.app.id, appModuleId: strangerPage.id, html: '<p>Secret venue</p>', text: 'Secret venue' });
});
afterAll(() => t.close());

const call = caller(() => t);
const url = (m: ModuleRow) => `/freeform/${m.id}/page`;

describe('free-form page', () => {
  it('answers the module’s page as stored, sanitised', async () => {
    const res = await call(anna.token, 'GET', url(page));
    expect(res.statusCode, res.body).toBe(200);
    const body = freeformPage.parse(res.json());
    expect(body).toMatchObject({ app_module_id: page.id, html: '<h2>Venue</h2><p>Kadeplein 4</p><hr />' });
    expect(body.updated_at).not.toBeNull();
  });

  it('answers an empty page for a module without content', async () => {
    const res = await call(anna.token, 'GET', url(empty));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ app_module_id: empty.id, html: '', updated_at: null });
  });

  it('is a 404 for another app’s module or a module of another type', async () => {
    const other = await call(anna.token, 'GET', url(strangerPage));
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Secret venue');
    expect((await call(stranger.token, 'GET', url(page))).statusCode).toBe(404);
    // A module of another type is no free-form page of this app: 404 as for one that never existed.
    expect((await call(anna.token, 'GET', url(blog))).statusCode).toBe(404);
  });

  it('is a 404 for the demo page with a token of the other demo app', async () => {
    const demo = await appByKey(t, 'demo');
    const [mod] = await t.app.ctx.db
      .select()
      .from(appModules)
      .where(and(eq(appModules.appId, demo.id), eq(appModules.type, 'freeform')));
    if (!mod) throw new Error('the demo app has no free-form page');
    const own = await login(t.app, 'anna@demo.test');
    expect(freeformPage.parse((await call(own, 'GET', url(mod))).json()).html).toContain(DEMO_EVENT.venue);
    const dark = await login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark');
    const res = await call(dark, 'GET', url(mod));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(DEMO_EVENT.venue);
  });

  it('answers 401 without a token and 422 for a bad module id', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(page), headers: { 'app-key': tenant.app.key } });
    expect(res.statusCode).toBe(401);
    const bad = await call(anna.token, 'GET', '/freeform/abc/page');
    expect(fieldErrorsOf(bad).map((e) => e.field)).toEqual(['app_module_id']);
  });
});

describe('the demo "Venue & travel" page', () => {
  it('keeps every rich-content block of spec 1 §2.5 through the sanitiser', () => {
    const { html } = sanitizeRichText(VENUE_PAGE);
    for (const block of [
      '<p>',
      '<h2>',
      '<h3>',
      '<h4>',
      '<figure class="image stretched">',
      '<figure class="image with-border with-background">',
      '<figcaption>',
      '<blockquote><p>',
      '<cite>',
      '<hr />',
      '<thead><tr><th scope="col">',
      '<table><tbody>',
      '<aside role="note" class="warning"><strong>',
      'class="link-card"',
    ]) {
      expect(html, block).toContain(block);
    }
  });
});
