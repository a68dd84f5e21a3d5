import { LEVEL_WINDOW_MS } from '@app/contract/schemas/networking-hub';
import { describe, expect, it } from 'vitest';
import { computeBadges, leaderCut } from './badges.ts';
import { computeLevel, type LevelFacts, ONLINE_MS } from './levels.ts';

const NOW = Date.UTC(2026, 4, 14, 12);
const base: LevelFacts = {
  profileComplete: false,
  lastSeenAt: null,
  liveNow: false,
  anyActivity: false,
  lastStartedAt: null,
  lastRespondedAt: null,
};
const level = (f: Partial<LevelFacts>) => computeLevel({ ...base, ...f }, NOW);

describe('computeLevel', () => {
  it('1 Inactive: no activity and the profile not complete', () => {
    expect(level({})).toEqual({ level: 1, until: null });
    // Online alone does not make a member ready.
    expect(level({ liveNow: true, lastSeenAt: NOW })).toEqual({ level: 1, until: null });
  });

  it('2 Passive: some activity, or a complete profile while offline', () => {
    expect(level({ anyActivity: true })).toEqual({ level: 2, until: null });
    expect(level({ profileComplete: true })).toEqual({ level: 2, until: null });
    expect(level({ profileComplete: true, lastSeenAt: NOW - ONLINE_MS })).toEqual({ level: 2, until: null });
    // Started and answered long ago, or without a complete profile: still passive.
    expect(level({ anyActivity: true, lastStartedAt: NOW - 60_000, lastRespondedAt: NOW - 60_000 })).toMatchObject({ level: 2 });
    expect(level({ profileComplete: true, lastStartedAt: NOW - LEVEL_WINDOW_MS })).toMatchObject({ level: 2 });
  });

  it('3 Ready Network: complete profile with photo and online (seen recently or connected now)', () => {
    expect(level({ profileComplete: true, lastSeenAt: NOW - 10 * 60_000 })).toEqual({ level: 3, until: NOW - 10 * 60_000 + ONLINE_MS });
    expect(level({ profileComplete: true, liveNow: true })).toEqual({ level: 3, until: NOW + ONLINE_MS });
  });

  it('4 Rising Star: a connection started in the last 6 hours, until its window ends', () => {
    const started = NOW - 2 * 3_600_000;
    expect(level({ profileComplete: true, lastStartedAt: started })).toEqual({ level: 4, until: started + LEVEL_WINDOW_MS });
    expect(level({ profileComplete: true, lastStartedAt: NOW - LEVEL_WINDOW_MS + 1 })).toMatchObject({ level: 4 });
  });

  it('5 Legend: answered or engaged in the last 6 hours (wins over 4)', () => {
    const answered = NOW - 3_600_000;
    expect(level({ profileComplete: true, lastStartedAt: NOW, lastRespondedAt: answered })).toEqual({
      level: 5,
      until: answered + LEVEL_WINDOW_MS,
    });
    // Seven hours ago: back to what the rest says.
    expect(level({ profileComplete: true, lastRespondedAt: NOW - 7 * 3_600_000, liveNow: true })).toMatchObject({ level: 3 });
  });
});

describe('computeBadges', () => {
  const none = { level: 1, push: false, meet: false, connections: 0, leader: null };
  it('earns each badge from its fact, in the spec order', () => {
    expect(computeBadges([], none)).toEqual([]);
    expect(computeBadges([], { ...none, level: 5 })).toEqual(['legend']);
    expect(computeBadges([], { ...none, push: true })).toEqual(['push']);
    expect(computeBadges([], { ...none, leader: true })).toEqual(['leader']);
    expect(computeBadges([], { ...none, meet: true })).toEqual(['meetmaster']);
    expect(computeBadges([], { ...none, connections: 2 })).toEqual([]);
    expect(computeBadges([], { ...none, connections: 3 })).toEqual(['connector']);
    expect(computeBadges([], { level: 5, push: true, meet: true, connections: 9, leader: true })).toEqual([
      'legend',
      'push',
      'leader',
      'meetmaster',
      'connector',
    ]);
  });

  it('keeps badges once earned (legend after the level fell, leader after being overtaken)', () => {
    expect(computeBadges(['connector', 'legend', 'leader'], { ...none, level: 2, leader: false })).toEqual([
      'legend',
      'leader',
      'connector',
    ]);
  });

  it('leaderCut: the top 10 %, at least one', () => {
    expect(leaderCut(0)).toBe(0);
    expect(leaderCut(1)).toBe(1);
    expect(leaderCut(3)).toBe(1);
    expect(leaderCut(10)).toBe(1);
    expect(leaderCut(11)).toBe(2);
    expect(leaderCut(5000)).toBe(500);
  });
});
