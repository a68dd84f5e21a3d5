import { defineModule } from '../../platform/module.ts';
import { contentBench, contentBenchSetup } from './content.bench.ts';
import { contentRoutes } from './content.routes.ts';
import { contentSeed } from './content.seed.ts';

/** Blogs, news and forums: one implementation for the three module types (docs/decisions.md "Content kit"). */
export const contentModule = defineModule({
  name: 'content',
  routes: contentRoutes,
  seed: contentSeed,
  bench: contentBench,
  benchSetup: contentBenchSetup,
});
