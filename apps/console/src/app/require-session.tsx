import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionToken } from '../lib/session.ts';

/** Signed-out visitors (or a token the server refused: 401) go to the sign-in page with the way back. */
export function RequireSession() {
  const token = useSessionToken();
  const location = useLocation();
  if (!token) {
    const back = `${location.pathname}${location.search}`;
    const query = back === '/' ? '' : `?return=${encodeURIComponent(`/console${back}`)}`;
    return <Navigate to={`/login${query}`} replace />;
  }
  return <Outlet />;
}
