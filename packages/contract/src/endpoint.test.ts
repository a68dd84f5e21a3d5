import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint.ts';
import { usersEndpoints } from './schemas/users.ts';

describe('fillPath', () => {
  it('fills named segments, encoded, and drops the server-side constraint', () => {
    expect(fillPath(usersEndpoints.publicProfile.path, { id: 42 })).toBe('/user/42');
    expect(fillPath('/forums/:app_module_id/:discussion_name', { app_module_id: 3, discussion_name: 'a b/c' })).toBe('/forums/3/a%20b%2Fc');
    expect(fillPath('/user/settings', undefined)).toBe('/user/settings');
  });

  it('refuses a missing parameter rather than calling a wrong url', () => {
    expect(() => fillPath('/user/:id', {})).toThrow('missing path parameter id');
  });
});
