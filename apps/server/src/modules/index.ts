import type { SQL } from 'drizzle-orm';
import type { FirstScreenReads, MemberColumn, ReportSource, ServerModule } from '../platform/module.ts';
import { activityModule } from './activity/activity.module.ts';
import { agendaModule } from './agenda/agenda.module.ts';
import { appsModule } from './apps/apps.module.ts';
import { appusersModule } from './appusers/appusers.module.ts';
import { authModule } from './auth/auth.module.ts';
import { catalogModule } from './catalog/catalog.module.ts';
import { chatsModule } from './chats/chats.module.ts';
import { consoleAgendaModule } from './console/agenda/console-agenda.module.ts';
import { agendaImportModule } from './console/agenda-import/agenda-import.module.ts';
import { announcementsModule } from './console/announcements/announcements.module.ts';
import { consoleCatalogModule } from './console/catalog/catalog.module.ts';
import { consoleModule } from './console/console.module.ts';
import { consoleEventsModule } from './console/events/events.module.ts';
import { consolePagesModule } from './console/pages/pages.module.ts';
import { consoleResourcesModule } from './console/resources/resources.module.ts';
import { contentModule } from './content/content.module.ts';
import { eventsModule } from './events/events.module.ts';
import { freeformModule } from './freeform/freeform.module.ts';
import { marketplaceModule } from './marketplace/marketplace.module.ts';
import { modulesModule } from './modules/modules.module.ts';
import { networkingBadgeModule } from './networking/badge/badge.module.ts';
import { networkingListsModule } from './networking/lists/lists.module.ts';
import { networkingModule } from './networking/networking.module.ts';
import { networkingScoreModule } from './networking/score/score.module.ts';
import { networkingSessionsModule } from './networking/sessions/sessions.module.ts';
import { networkingTopicsModule } from './networking/topics/topics.module.ts';
import { pushModule } from './push/push.module.ts';
import { pwaModule } from './pwa/pwa.module.ts';
import { resourcesModule } from './resources/resources.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { twitterModule } from './twitter/twitter.module.ts';
import { usersModule } from './users/users.module.ts';
import { vitalsModule } from './vitals/vitals.module.ts';
import { webviewModule } from './webview/webview.module.ts';

/**
 * Every server module, once. The server registers their routes and socket events and runs
 * their demo seeders in this order: a module's seeder may use what earlier ones created
 * (apps first, then users). A new module adds its import and one line here, before `modulesModule`.
 */
export const MODULES: readonly ServerModule[] = [
  appsModule,
  authModule,
  usersModule,
  activityModule,
  pushModule,
  pwaModule,
  contentModule,
  chatsModule,
  agendaModule,
  catalogModule,
  freeformModule,
  eventsModule,
  webviewModule,
  marketplaceModule,
  resourcesModule,
  settingsModule,
  twitterModule,
  appusersModule,
  networkingModule,
  networkingListsModule,
  networkingTopicsModule,
  networkingSessionsModule,
  networkingBadgeModule,
  // After the hub's other parts: its seed computes levels and badges from what they seeded.
  networkingScoreModule,
  consoleModule,
  announcementsModule,
  agendaImportModule,
  vitalsModule,
  consoleEventsModule,
  consolePagesModule,
  consoleCatalogModule,
  consoleResourcesModule,
  consoleAgendaModule,
  // new modules here
  modulesModule,
];

/** The modules' `holdsUploads` queries: what the uploads sweep keeps. */
export const uploadHolders = (): SQL[] => MODULES.flatMap((m) => (m.holdsUploads ? [m.holdsUploads] : []));

/** The modules' member columns (`memberData`), in list order: what an account deletion erases, voids or keeps. */
export const memberColumns = (): Array<MemberColumn & { module: string }> =>
  MODULES.flatMap((m) => (m.memberData ?? []).map((c) => ({ ...c, module: m.name })));

/** The modules' account-deletion steps, in list order (settings' eraseAccount runs them). */
export const accountErasers = () => MODULES.flatMap((m) => (m.onAccountErased ? [m.onAccountErased] : []));

/** The modules' first-screen reads (`firstScreen`): what a signed-in page's HTML carries. */
export const firstScreenReads = (): FirstScreenReads[] => MODULES.flatMap((m) => m.firstScreen ?? []);

/** The modules' reportable kinds (`reports`): what the console's moderation queue unions. */
export const reportSources = (): ReportSource[] => MODULES.flatMap((m) => m.reports ?? []);
