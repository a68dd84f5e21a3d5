import { once } from '../../lib/lazy.ts';

/** The module's live code, loaded with its first event or open screen (not with the app). */
export const { load: live, ifLoaded: liveIfLoaded } = once(() => import('./live.ts'));
