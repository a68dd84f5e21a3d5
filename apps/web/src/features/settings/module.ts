import { toast } from '../../lib/events.ts';
import { defineWebModule } from '../../lib/module.ts';

/**
 * Settings (spec 3 "Settings and notifications"): share, notifications per category, contact,
 * report, account deletion, log out. The app owner's messages arrive as an in-app notice on any
 * screen, and so do other modules' notices (the server sends each only to members whose In-App
 * toggle of its category is on).
 */
export const settingsModule = defineWebModule({
  type: 'settings',
  namespaces: ['settings'],
  routes: [
    { name: 'settings.index', path: '/settings/:app_module_id', load: () => import('./pages/settings-page.tsx') },
    {
      name: 'settings.notifications',
      path: '/settings/:app_module_id/notifications',
      load: () => import('./pages/notifications-page.tsx'),
    },
  ],
  realtime: ({ on }) => {
    // An announcement from the console carries a title; the settings screen's message does not.
    on('adminMessage', ({ message, app_name, title }) => toast(`${app_name}: ${title ? `${title} — ` : ''}${message}`));
    // A reply, a post or an event change (the server sends it only to members whose In-App toggle of its category is on).
    // Not on the module it comes from: that screen shows the change itself.
    on('appNotice', ({ title, body, url }) => {
      const from = url.split('/').slice(0, 3).join('/');
      if (window.location.pathname !== from && !window.location.pathname.startsWith(`${from}/`)) toast(`${title}: ${body}`);
    });
  },
});
