import { useEffect, useRef } from 'react';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Infinite scroll: the returned ref marks an element at the list's end; when it comes within
 * `rootMargin` of the viewport, the next page loads. A Load more button beside it stays the
 * fallback (keyboard, no IntersectionObserver).
 */
export function useLoadMoreWhenSeen<T extends Element = HTMLDivElement>(
  pages: Pages,
  opts: { enabled?: boolean; rootMargin?: string } = {},
) {
  const ref = useRef<T>(null);
  const { hasNextPage, isFetchingNextPage } = pages;
  const more = useRef(pages.fetchNextPage);
  more.current = pages.fetchNextPage;
  const enabled = (opts.enabled ?? true) && hasNextPage && !isFetchingNextPage;
  const rootMargin = opts.rootMargin ?? '600px 0px';
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void more.current();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
