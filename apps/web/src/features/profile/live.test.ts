import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { profileKeys } from './api/keys.ts';
import { onProfileUpdated } from './live.ts';

const list = (...ids: number[]) => ({
  pages: [{ items: ids.map((id) => ({ id })), page: 1, pageCount: 1, total: ids.length }],
  pageParams: [1],
});
const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe('live profiles in the query cache', () => {
  it('invalidates the changed member’s page and the favorites lists holding them, nothing else', () => {
    const qc = new QueryClient();
    qc.setQueryData(profileKeys.me, { id: 1 });
    qc.setQueryData(profileKeys.user(5), { id: 5 });
    qc.setQueryData(profileKeys.user(6), { id: 6 });
    qc.setQueryData(profileKeys.favorites(''), list(5, 6));
    qc.setQueryData(profileKeys.favorites('zed'), list(6));

    onProfileUpdated(qc, { user_id: 5 });
    expect(stale(qc, profileKeys.user(5))).toBe(true);
    expect(stale(qc, profileKeys.favorites(''))).toBe(true);
    for (const key of [profileKeys.me, profileKeys.user(6), profileKeys.favorites('zed')])
      expect(stale(qc, key), JSON.stringify(key)).toBe(false);

    // My own profile, changed on another device.
    onProfileUpdated(qc, { user_id: 1 });
    expect(stale(qc, profileKeys.me)).toBe(true);
  });
});
