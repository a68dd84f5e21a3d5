import { useEffect } from 'react';
import { api } from '../lib/api.ts';
import { queryClient } from '../lib/app-state.ts';
import { removePushSubscription } from '../lib/push.ts';
import { session } from '../lib/session.ts';
import { FullScreenLoader } from '../ui/loader.tsx';

/**
 * auth.logout: removes this browser's push subscription (server, then browser), revokes the token on
 * the server, clears the client, goes to login. No step's failure stops the logout.
 */
export function LogoutPage() {
  useEffect(() => {
    const done = () => {
      session.clear();
      queryClient.clear();
      location.replace('/login');
    };
    if (!session.get().token) return done();
    void (async () => {
      await removePushSubscription();
      await api('/auth/logout', { method: 'POST', silent: true }).catch(() => undefined);
      done();
    })();
  }, []);
  return <FullScreenLoader />;
}
