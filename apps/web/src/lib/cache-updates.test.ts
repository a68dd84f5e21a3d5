import { describe, expect, it } from 'vitest';
import { keepWhileSearching } from './cache-updates.ts';

describe('keepWhileSearching', () => {
  const cards = { pages: [{ items: [{ id: 1 }] }] };
  it('keeps the cards of the same list while another search loads', () => {
    expect(keepWhileSearching(cards, { queryKey: ['hub', 7, 'contacted', '{}'] }, ['hub', 7, 'contacted', '{"q":"ann"}'])).toBe(cards);
  });
  it('shows nothing of another list, another module or on the first load', () => {
    expect(keepWhileSearching(cards, { queryKey: ['hub', 7, 'contacted', '{}'] }, ['hub', 7, 'connected', '{}'])).toBeUndefined();
    expect(keepWhileSearching(cards, { queryKey: ['hub', 7, 'contacted', '{}'] }, ['hub', 8, 'contacted', '{}'])).toBeUndefined();
    expect(keepWhileSearching(cards, { queryKey: ['hub', 7, 'filters'] }, ['hub', 7, 'contacted', '{}'])).toBeUndefined();
    expect(keepWhileSearching(undefined, undefined, ['hub', 7, 'contacted', '{}'])).toBeUndefined();
  });
});
