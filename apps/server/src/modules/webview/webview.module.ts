import { defineModule } from '../../platform/module.ts';
import { webviewRoutes } from './webview.routes.ts';
import { webviewSeed } from './webview.seed.ts';

/** Webview (spec 3): an external site the member opens in a new window after being asked. */
export const webviewModule = defineModule({
  name: 'webview',
  routes: webviewRoutes,
  seed: webviewSeed,
  bench: [
    {
      name: 'GET /webview/{id}/url',
      path: '/webview/{module:webview}/url',
      auth: 'access-token',
      minRps: 1500,
      maxP99Ms: 50,
      minBareRatio: 0.5,
    },
  ],
});
