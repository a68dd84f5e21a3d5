import type { DemoSeeder } from '../../platform/module.ts';
import { appDomains, appModules, apps } from './apps.table.ts';

export const DEMO_MODULES: Array<[type: string, name: string]> = [
  ['news', 'News'],
  ['agenda', 'Agenda'],
  ['networking', 'Networking'],
  ['chats', 'Chats'],
  ['forums', 'Forums'],
  ['activity', 'Activity'],
  ['blogs', 'Blog'],
  ['events', 'Events'],
  ['marketplace', 'Marketplace'],
  ['catalog', 'Exhibitors'],
  ['resources', 'Resources'],
  ['appusers', 'Attendees'],
  ['freeform', 'Venue & travel'],
  ['webview', 'Website'],
  ['twitter', 'Social wall'],
  ['profile', 'My profile'],
  ['settings', 'Settings'],
];
const DARK_MODULES: Array<[string, string]> = [
  ['activity', 'Activity'],
  ['agenda', 'Programme'],
  ['networking', 'Meet people'],
  ['chats', 'Messages'],
  ['news', 'Updates'],
  ['forums', 'Community'],
  ['catalog', 'Partners'],
  ['events', 'Meetups'],
  ['freeform', 'House rules'],
  ['resources', 'Downloads'],
  ['appusers', 'Members'],
  ['webview', 'Our website'],
  ['marketplace', 'Swap & sell'],
  ['twitter', 'Buzz'],
  ['profile', 'Profile'],
  ['settings', 'Settings'],
];

/** The demo apps, their domains and menus: what every other module's demo content hangs on. */
export const appsSeed: DemoSeeder = {
  async run({ db }) {
    const [demo] = await db
      .insert(apps)
      .values({
        key: 'demo',
        name: 'Open Summit 2026',
        mainColor: '#2456d3',
        bgColor: '#f4f6fb',
        theme: 'light',
        menuStyle: 'classic',
        ownerEmail: 'admin@demo.test',
        signupTitle: 'Join Open Summit 2026',
        currencyTitle: 'EUR',
        currencySymbol: '€',
      })
      .onConflictDoNothing()
      .returning();
    // An existing database made before seeds were tracked already has its demo apps.
    if (!demo) return;
    const [dark] = await db
      .insert(apps)
      .values({
        key: 'demo-dark',
        name: 'Nightline Community',
        mainColor: '#f59f00',
        bgColor: '#111418',
        theme: 'dark',
        menuStyle: 'large',
        timeFormat: '12H',
        ownerEmail: 'admin@demo.test',
        currencyTitle: 'USD',
        currencySymbol: '$',
        currencyBefore: true,
      })
      .returning();
    if (!dark) throw new Error('seed: apps not created');
    // An app that is not published yet: its pages show "App is unavailable".
    const [closed] = await db
      .insert(apps)
      .values({
        key: 'demo-unpublished',
        name: 'Coming Soon Expo',
        mainColor: '#6a4c93',
        isPublished: false,
        ownerEmail: 'admin@demo.test',
      })
      .returning();
    await db.insert(appDomains).values([
      { domain: 'localhost', appId: demo.id },
      { domain: '127.0.0.1', appId: demo.id },
    ]);
    for (const [app, list] of [
      [demo, DEMO_MODULES],
      [dark, DARK_MODULES],
    ] as const) {
      await db.insert(appModules).values(list.map(([type, name], i) => ({ appId: app.id, type, name, position: i + 1, iconName: type })));
    }
    // Last, so the demo apps' module ids stay 1–17 and 18–31.
    if (closed) await db.insert(appModules).values({ appId: closed.id, type: 'news', name: 'News', position: 1, iconName: 'news' });
  },
};
