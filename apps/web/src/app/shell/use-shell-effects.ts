import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../lib/app-state.ts';
import { session } from '../../lib/session.ts';
import { RELOAD_ON_RETURN } from '../modules.ts';
import { matchRoute } from '../route-table.ts';
import { isModuleQuery } from './menu-model.ts';
import { reportPushOpen } from './push-subscription.ts';

let pushOpenHandled = false;

/**
 * Once per load: the PWA audit, and the push-open report of a notification that opened the app.
 * While mounted: live pages reload on return to the tab; the app icon shows the unread count.
 */
export function useShellEffects(badgeCount: number | undefined) {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const id = params.get('push-open');
    if (id === null || pushOpenHandled) return;
    pushOpenHandled = true;
    reportPushOpen(id, session.get().token);
    params.delete('push-open');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [location, navigate]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const type = RELOAD_ON_RETURN[matchRoute(location.pathname)?.name ?? ''];
      if (type) void queryClient.invalidateQueries({ predicate: (q) => isModuleQuery(q.queryKey, type) });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [location.pathname]);

  useEffect(() => {
    // The installed app's icon badge (Badging API, where the browser has it).
    if (badgeCount === undefined || !('setAppBadge' in navigator)) return;
    const done = badgeCount > 0 ? navigator.setAppBadge(badgeCount) : navigator.clearAppBadge();
    done.catch(() => undefined);
  }, [badgeCount]);
}
