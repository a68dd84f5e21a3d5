import { describe, expect, it } from 'vitest';
import { emit, on, toast } from './events.ts';

describe('event bus', () => {
  it('hands a toast sent with no host mounted to the next host, keeping the last three', () => {
    for (const n of [1, 2, 3, 4]) toast(`waiting ${n}`);
    const seen: string[] = [];
    const off = on('toast', ({ message }) => seen.push(message));
    expect(seen).toEqual(['waiting 2', 'waiting 3', 'waiting 4']);
    toast('live');
    expect(seen.at(-1)).toBe('live');
    off();
    const later: string[] = [];
    const offLater = on('toast', ({ message }) => later.push(message));
    expect(later).toEqual([]);
    offLater();
  });

  it('drops other events nobody listens to', () => {
    emit('popup', { message: 'nobody' });
    const seen: string[] = [];
    const off = on('popup', ({ message }) => seen.push(message));
    expect(seen).toEqual([]);
    off();
  });
});
