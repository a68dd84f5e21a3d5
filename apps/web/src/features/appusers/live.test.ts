import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { onProfileUpdated } from './live.ts';

const list = (...ids: number[]) => ({
  pages: [{ items: ids.map((id) => ({ id })), page: 1, pageCount: 1, total: ids.length }],
  pageParams: [1],
});
const stale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe('live profiles in the directory', () => {
  it('invalidates the lists holding the member; every list and the filters when they joined or left', () => {
    const qc = new QueryClient();
    const shown = ['appusers', 3, 'list', '{}'];
    const other = ['appusers', 3, 'list', '{"search":"x"}'];
    const filters = ['appusers', 3, 'filters'];
    qc.setQueryData(shown, list(4, 5));
    qc.setQueryData(other, list(7));
    qc.setQueryData(filters, { companies: [], interests: [] });
    onProfileUpdated(qc, { user_id: 5 });
    expect([stale(qc, shown), stale(qc, other), stale(qc, filters)]).toEqual([true, false, false]);
    onProfileUpdated(qc, { user_id: 9, listing: true });
    expect([stale(qc, other), stale(qc, filters)]).toEqual([true, true]);
  });
});
