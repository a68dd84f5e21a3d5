/** Gesture rules of the photo preview (spec 1 §2.4, §9): pure, so they can be tested without a browser. */

/** A drag shorter than this (px) is a tap; longer, a swipe (carousel minimum swipe). */
export const SWIPE_MIN = 8;
/** Dragging a photo down this far (px) closes the preview. */
export const DRAG_CLOSE = 55;
export const MAX_ZOOM = 4;
export const DOUBLE_TAP_MS = 300;

export type Axis = 'x' | 'y';
export type DragAction = 'previous' | 'next' | 'close' | null;

/** The axis a drag locks to once it passes the swipe minimum; null while it is still a tap. */
export function dragAxis(dx: number, dy: number): Axis | null {
  if (Math.abs(dx) < SWIPE_MIN && Math.abs(dy) < SWIPE_MIN) return null;
  return Math.abs(dx) >= Math.abs(dy) ? 'x' : 'y';
}

/** What releasing an unzoomed drag does: sideways steps (leftwards = next), down far enough closes. */
export function releaseAction(axis: Axis | null, dx: number, dy: number): DragAction {
  if (axis === 'x' && Math.abs(dx) >= SWIPE_MIN) return dx < 0 ? 'next' : 'previous';
  if (axis === 'y' && dy >= DRAG_CLOSE) return 'close';
  return null;
}

/** Photos in their `position` order; those without one keep their order after the others. */
export function byPosition<T extends { position?: number }>(photos: readonly T[]): T[] {
  return photos
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.position ?? Number.POSITIVE_INFINITY) - (b.p.position ?? Number.POSITIVE_INFINITY) || a.i - b.i)
    .map(({ p }) => p);
}

/** Keeps a zoomed photo's pan within its overflow, so an edge never leaves the screen's edge. */
export function clampPan(offset: number, scale: number, size: number): number {
  const max = ((scale - 1) * size) / 2;
  return Math.min(max, Math.max(-max, offset));
}
