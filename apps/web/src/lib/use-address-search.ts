import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Changes some query parameters of the address (null removes one), keeps the others, and replaces the history entry. */
export function useAddressParams(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, set];
}

/**
 * A list's search kept in the address (`?search=`), so Back and links keep it. Typing searches after
 * a pause (or at once on submit). A search changed from outside (the menu's entry clears it, Back
 * restores one) replaces the field's text; the page's own changes do not, so a space typed before
 * the next word is kept.
 */
export function useAddressSearch(delayMs = 350) {
  const [params, set] = useAddressParams();
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  /** The search this page last put into the address: any other came from outside. */
  const pushed = useRef(search);
  const push = useCallback(
    (q: string) => {
      pushed.current = q;
      set({ search: q || null });
    },
    [set],
  );

  useEffect(() => {
    if (draft.trim() === search) return;
    const id = setTimeout(() => push(draft.trim()), delayMs);
    return () => clearTimeout(id);
  }, [draft, search, push, delayMs]);

  useEffect(() => {
    if (search !== pushed.current) setDraft(search);
    pushed.current = search;
  }, [search]);

  const submit = useCallback(() => push(draft.trim()), [push, draft]);
  return { search, draft, setDraft, submit, params, set };
}
