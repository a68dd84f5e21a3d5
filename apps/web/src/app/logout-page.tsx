import { useEffect } from 'react';
import { api } from '../lib/api.ts';
import { session } from '../lib/session.ts';
import { FullScreenLoader } from '../ui/loader.tsx';
import { queryClient } from './app-state.ts';

/** auth.logout: revokes the token on the server, clears the client, goes to login. */
export function LogoutPage() {
  useEffect(() => {
    const done = () => {
      session.clear();
      queryClient.clear();
      location.replace('/login');
    };
    if (!session.get().token) return done();
    api('/auth/logout', { method: 'POST' }).then(done, done);
  }, []);
  return <FullScreenLoader />;
}
