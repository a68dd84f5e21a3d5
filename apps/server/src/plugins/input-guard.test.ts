import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('input guard on reads', () => {
  it('a NUL in the query string of a GET is a 422 on its field', async () => {
    const res = await t.app.inject({ url: '/user/app-config?app=de%00mo', headers: { 'app-key': 'demo' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'app', message: 'This value is not valid' }]);
  });

  it('a NUL in a path parameter of a GET without a query string is a 422 on it', async () => {
    const token = await login(t.app, 'anna@demo.test');
    const res = await t.app.inject({ url: '/webview/1%00/url', headers: { 'access-token': token } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'app_module_id', message: 'This value is not valid' }]);
  });

  it('a GET without query string or body passes', async () => {
    const res = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo' } });
    expect(res.statusCode).toBe(200);
  });
});
