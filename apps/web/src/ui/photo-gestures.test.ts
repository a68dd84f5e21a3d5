import { describe, expect, it } from 'vitest';
import { byPosition, clampPan, DRAG_CLOSE, dragAxis, releaseAction, SWIPE_MIN } from './photo-gestures.ts';

describe('photo preview gestures', () => {
  it('treats a move under 8 px as a tap, then locks to the longer axis', () => {
    expect(SWIPE_MIN).toBe(8);
    expect(dragAxis(7, -7)).toBeNull();
    expect(dragAxis(-8, 3)).toBe('x');
    expect(dragAxis(4, 9)).toBe('y');
  });

  it('steps on a sideways swipe of at least 8 px: leftwards to the next photo', () => {
    expect(releaseAction('x', -8, 0)).toBe('next');
    expect(releaseAction('x', 30, 2)).toBe('previous');
    expect(releaseAction('x', 7, 0)).toBeNull();
  });

  it('closes when dragged down about 55 px, not up, not less', () => {
    expect(DRAG_CLOSE).toBe(55);
    expect(releaseAction('y', 0, 55)).toBe('close');
    expect(releaseAction('y', 0, 54)).toBeNull();
    expect(releaseAction('y', 0, -120)).toBeNull();
    expect(releaseAction(null, 0, 60)).toBeNull();
  });

  it('sorts by position, keeping the order of ties and of photos without one', () => {
    const photos = [{ id: 'a', position: 3 }, { id: 'b' }, { id: 'c', position: 1 }, { id: 'd', position: 3 }, { id: 'e' }];
    expect(byPosition(photos).map((p) => p.id)).toEqual(['c', 'a', 'd', 'b', 'e']);
  });

  it('keeps a zoomed pan within the overflow', () => {
    expect(clampPan(500, 2, 400)).toBe(200);
    expect(clampPan(-500, 2, 400)).toBe(-200);
    expect(clampPan(50, 2, 400)).toBe(50);
    expect(clampPan(50, 1, 400)).toBe(0);
  });
});
