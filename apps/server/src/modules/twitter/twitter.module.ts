import { defineModule } from '../../platform/module.ts';
import { twitterRoutes } from './twitter.routes.ts';
import { twitterSeed } from './twitter.seed.ts';

/** Social feed (spec 3 "/twitter"): an RSS or Atom feed the app owner names, fetched on a schedule and cached. */
export const twitterModule = defineModule({
  name: 'twitter',
  routes: twitterRoutes,
  seed: twitterSeed,
});
