import { toast } from '../../lib/events.ts';
import { defineWebModule } from '../../lib/module.ts';

/**
 * Settings (spec 3 "Settings and notifications"): share, notifications per category, contact,
 * report, account deletion, log out. The app owner's messages arrive as an in-app notice on any
 * screen (the server sends them only to members whose In-App Admin messages toggle is on).
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
    on('adminMessage', ({ message, app_name }) => toast(`${app_name}: ${message}`));
  },
});
