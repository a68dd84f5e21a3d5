import { demoApps } from '../../platform/demo.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { saveWebviewUrl } from './webview.queries.ts';

/** The demo apps' sites: the conference's and the community's. */
export const DEMO_SITES = ['https://opensummit.example/2026', 'https://nightline.example/'] as const;

/** Points each demo app's webview module at its site. */
export const webviewSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('webview');
      const site = DEMO_SITES[demo.index - 1];
      if (mod && site) await saveWebviewUrl(db, demo.app.id, mod.id, site);
    }
  },
};
