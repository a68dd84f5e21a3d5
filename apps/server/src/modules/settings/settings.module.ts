import { defineModule, erase } from '../../platform/module.ts';
import { settingsReports } from './settings.reports.ts';
import { settingsRoutes } from './settings.routes.ts';
import { appReports, contactMails, notificationPreferences } from './settings.table.ts';

/** Settings (spec 3 "Settings and notifications"): notification choices, contact, report, admin messages, account deletion. */
export const settingsModule = defineModule({
  name: 'settings',
  firstScreen: [
    { page: '*', reads: ['/user/notification-preferences'] },
    { page: '/settings/:app_module_id', reads: ['/settings/:app_module_id'] },
  ],
  reports: settingsReports,
  routes: settingsRoutes,
  memberData: [erase(notificationPreferences.userId), erase(appReports.userId), erase(contactMails.userId)],
});
