import { useParams } from 'react-router';
import { useMe } from './me.ts';

/** The app of the route (`/apps/:appId/...`) among the caller's apps, with their role there. */
export function useCurrentApp() {
  const { appId } = useParams();
  const me = useMe();
  const id = Number(appId);
  const app = appId ? me.data?.apps.find((a) => a.id === id) : undefined;
  return { appId: appId ? id : undefined, app, me };
}
