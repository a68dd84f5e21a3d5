import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions by history entry (at most this many kept, the oldest dropped first). */
const positions = new Map<string, number>();
const KEEP = 100;

/**
 * Back and Forward return to where the reader was on that page; any other navigation starts at the
 * top (or at the `#id` it names). Positions are recorded as the reader scrolls, so leaving a long
 * page for a short one cannot overwrite its position with the short page's clamped one.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  const current = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const record = () => {
      positions.delete(current.current);
      positions.set(current.current, window.scrollY);
      if (positions.size > KEEP) positions.delete(positions.keys().next().value as string);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new history entry is the trigger
  useLayoutEffect(() => {
    current.current = location.key;
    const saved = type === 'POP' ? positions.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (type !== 'POP') window.scrollTo(0, 0);
  }, [location.key]);

  return null;
}
