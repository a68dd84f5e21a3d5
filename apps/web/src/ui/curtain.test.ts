import { describe, expect, it } from 'vitest';
import { type CurtainTabsAction, type CurtainTabsState, curtainTabs } from './curtain.tsx';

const groups = { meet: ['form', 'time', 'success'], profile: ['about', 'links'] };
const run = (actions: CurtainTabsAction[], from?: CurtainTabsState) =>
  actions.reduce((s, a) => curtainTabs(groups, s, a), from ?? { tab: { group: 'meet', name: 'form' }, history: [] });

describe('curtain tabs', () => {
  it('goes forward within the group and stops at its last tab', () => {
    expect(run([{ type: 'forward' }]).tab).toEqual({ group: 'meet', name: 'time' });
    expect(run([{ type: 'forward' }, { type: 'forward' }, { type: 'forward' }]).tab).toEqual({ group: 'meet', name: 'success' });
  });

  it('goes back to the tab shown before, and not past the first', () => {
    const s = run([{ type: 'forward' }, { type: 'forward' }, { type: 'back' }]);
    expect(s.tab).toEqual({ group: 'meet', name: 'time' });
    expect(run([{ type: 'back' }, { type: 'back' }], s).tab).toEqual({ group: 'meet', name: 'form' });
  });

  it('jumps to a tab by group and name; back returns from the jump', () => {
    const s = run([{ type: 'goTo', group: 'profile', name: 'links' }]);
    expect(s.tab).toEqual({ group: 'profile', name: 'links' });
    expect(run([{ type: 'back' }], s).tab).toEqual({ group: 'meet', name: 'form' });
  });

  it('ignores a jump to an unknown tab or to the current one', () => {
    const s: CurtainTabsState = { tab: { group: 'meet', name: 'form' }, history: [] };
    expect(curtainTabs(groups, s, { type: 'goTo', group: 'profile', name: 'nope' })).toBe(s);
    expect(run([{ type: 'goTo', group: 'nope', name: 'form' }]).history).toEqual([]);
    expect(run([{ type: 'goTo', group: 'meet', name: 'form' }]).history).toEqual([]);
  });

  it('reset returns to the first tab and forgets the history', () => {
    expect(run([{ type: 'forward' }, { type: 'reset' }])).toEqual({ tab: { group: 'meet', name: 'form' }, history: [] });
  });
});
